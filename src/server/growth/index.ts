/*
 * The growth room: new customers. Leads and their write rules, a lead won when its customer's pass is
 * paid, the lead a sign-up in /my makes, and one trial per person. Other code uses it through this index only.
 */
export { leadOfSignUp, refuseSecondTrial, winLeads } from './operations';
export { leadRules } from './rules';
