/*
 * The studio's collections, one line each: its name, and its grants module (what managers and teachers
 * may do with it, and its screens if it has any). Every list of collections derives from these lines:
 * their names and what each role may do (roles.ts), the routes and the menu (routes.ts). The schemas are
 * listed apart, in modules.ts, as this file is loaded by the sign-in page, which does without them.
 */
export * as users from './users.grants';
export * as directions from './directions.grants';
export * as studios from './studios.grants';
export * as courses from './courses.grants';
export * as subscriptions from './subscriptions.grants';
export * as passes from './passes.grants';
export * as customers from './customers.grants';
export * as schedules from './schedules.grants';
export * as events from './events.grants';
export * as attendances from './attendances.grants';
export * as payments from './payments.grants';
export * as paymentLinks from './paymentLinks.grants';
export * as statuses from './statuses.grants';
export * as configs from './configs.grants';
export * as auditEntries from './auditEntries.grants';
export * as payPeriods from './payPeriods.grants';
export * as bookings from './bookings.grants';
export * as messages from './messages.grants';
export * as jobs from './jobs.grants';
export * as penalties from './penalties.grants';
export * as makeUps from './makeUps.grants';
export * as imports from './imports.grants';
export * as onlinePayments from './onlinePayments.grants';
export * as tasks from './tasks.grants';
export * as consents from './consents.grants';
export * as paymentMethods from './paymentMethods.grants';
export * as memberships from './memberships.grants';
export * as charges from './charges.grants';
export * as leads from './leads.grants';
