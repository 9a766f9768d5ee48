/*
 * The module of every collection, one line each, named as in manifest.ts: its schemas and declaration
 * (collections/index.ts gathers them). Apart from the manifest because these load zod and the schemas.
 */
export { users } from './users';
export { directions } from './directions';
export { studios } from './studios';
export { courses } from './courses';
export { subscriptions } from './subscriptions';
export { passes } from './passes';
export { customers } from './customers';
export { schedules } from './schedules';
export { events } from './events';
export { attendances } from './attendances';
export { payments } from './payments';
export { paymentLinks } from './paymentLinks';
export { statuses } from './statuses';
export { configs } from './configs';
export { auditEntries } from './auditEntries';
export { payPeriods } from './payPeriods';
export { bookings } from './bookings';
export { messages } from './messages';
export { jobs } from './jobs';
export { penalties } from './penalties';
export { makeUps } from './makeUps';
export { imports } from './imports';
export { onlinePayments } from './onlinePayments';
export { tasks } from './tasks';
export { consents } from './consents';
export { paymentMethods } from './paymentMethods';
export { memberships } from './memberships';
export { charges } from './charges';
export { leads } from './leads';
