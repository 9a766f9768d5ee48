/*
 * The memberships room: plans sold as memberships that renew by themselves, charged each month to the
 * payer's saved card under the autopay consent, told 48 hours ahead, cancelled and resumed in two taps.
 * Other code uses it through this index only.
 */
export { chargeRules, membershipRules, paymentMethodRules } from './rules';
export type { ChargeAnswer, Charger } from './charging';
export { chargerOf } from './chargingProvider';
export { refuseGuardianPaying } from './guardians';
export { runMemberships } from './job';
export { settlePeriodLink, type PeriodLinkPayment } from './periodLink';
export { membershipRoutes } from './routes';
export { portalMembershipRoutes, type PayLink } from './portalRoutes';
export { membershipLinks } from './startSettle';
export { membershipListFields } from './views';
