/*
 * Every collection's schemas and lists of values, each kept in its collection's module
 * (src/domain/collections/<name>.ts) and gathered here for the code that reads several.
 */

export { locales } from './fields';
export { userSchema, signInHoldSchema, userCreateSchema } from './collections/users';
export { directionSchema } from './collections/directions';
export { studioSchema } from './collections/studios';
export { courseLevels, courseSchema } from './collections/courses';
export { penaltyRuleKinds, penaltyRuleSchema, subscriptionSchema } from './collections/subscriptions';
export { passSchema } from './collections/passes';
export { notifySchema, customerFields, hasContact, customerSchema } from './collections/customers';
export { slotSchema, scheduleSchema } from './collections/schedules';
export { eventStatuses, eventSchema } from './collections/events';
export { attendanceSchema } from './collections/attendances';
export { paymentKinds, paymentMethods, paymentSchema } from './collections/payments';
export { paymentLinkStatuses, paymentLinkPurposes, paymentLinkSchema } from './collections/paymentLinks';
export { statusListNames, statusSchema } from './collections/statuses';
export { taxSystems, vats, paymentModes, configSchema } from './collections/configs';
export { auditActions, auditEntrySchema } from './collections/auditEntries';
export {
    paidClassSummarySchema,
    closedLineSchema,
    payAdjustmentSchema,
    payPeriodSchema,
} from './collections/payPeriods';
export { bookingStatuses, bookingSources, bookingSchema } from './collections/bookings';
export { alwaysSentKinds, messageChannels, messageKinds, messageStatuses, messageSchema } from './collections/messages';
export { jobNames, jobSchema } from './collections/jobs';
export { penaltyOffences, penaltyActions, penaltyStatuses, penaltySchema } from './collections/penalties';
export { makeUpSchema } from './collections/makeUps';
export { importErrorSchema, importSchema } from './collections/imports';
export {
    paymentProviderNames,
    onlinePaymentStatuses,
    onlineRefundSchema,
    onlinePaymentSchema,
} from './collections/onlinePayments';
