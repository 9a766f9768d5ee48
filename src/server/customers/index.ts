/*
 * The customers room: what a customer's writes must respect (a contact to reach them, one form of phone,
 * no duplicate), the filters and figures their lists answer. Other code uses it through this index only.
 */
export { withStoredPhone } from './phones';
export { customerFilters, customerListFields, customerRules } from './rules';
