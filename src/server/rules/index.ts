import type { CollectionName } from '../../domain/types';
import { attendanceRules, eventRules, scheduleRules } from '../timetable';
import { auditEntryRules } from './auditEntries';
import { customerFilters, customerListFields, customerRules } from '../customers';
import { messageRules } from '../messages';
import { jobRules } from '../jobs/rules';
import { passListFields, passRules, paymentRules } from '../money';
import { onlinePaymentRules, paymentLinkListFields, paymentLinkRules } from '../payments';
import { penaltyRules } from '../policy';
import { bookingListFields, bookingRules, eventListFields, makeUpRules } from '../bookings';
import { importRules } from '../imports';
import { payPeriodRules } from '../pay';
import { statusRules } from '../settings';
import { subscriptionFilters } from './subscriptions';
import type { ComputedFilter, ListFields, WriteRules } from './types';
import { userRules } from '../users';
import { taskListFields, taskRules } from '../tasks';
import { configConsentRules, consentRules, withDeskConsents } from '../consents';
import { chargeRules, membershipListFields, membershipRules, paymentMethodRules } from '../memberships';
import { leadRules } from '../growth';

/*
 * The rules each collection brings to the generic CRUD routes, registered in one place: a collection
 * gets its entry here and the routes stay free of per-collection branches.
 */

export const writeRules: Partial<Record<CollectionName, WriteRules>> = {
    users: userRules,
    customers: withDeskConsents(customerRules),
    passes: passRules,
    payments: paymentRules,
    paymentLinks: paymentLinkRules,
    schedules: scheduleRules,
    events: eventRules,
    attendances: attendanceRules,
    statuses: statusRules,
    auditEntries: auditEntryRules,
    payPeriods: payPeriodRules,
    bookings: bookingRules,
    messages: messageRules,
    jobs: jobRules,
    penalties: penaltyRules,
    makeUps: makeUpRules,
    imports: importRules,
    onlinePayments: onlinePaymentRules,
    tasks: taskRules,
    consents: consentRules,
    memberships: membershipRules,
    paymentMethods: paymentMethodRules,
    charges: chargeRules,
    configs: configConsentRules,
    leads: leadRules,
};

/** Filters a list accepts beyond the collection's fields, computed over other records. */
export const computedFilters: Partial<Record<CollectionName, Record<string, ComputedFilter>>> = {
    customers: customerFilters,
    subscriptions: subscriptionFilters,
};

/** Read-only fields added to the records of a collection in every answer. */
export const listFields: Partial<Record<CollectionName, ListFields>> = {
    customers: customerListFields,
    passes: passListFields,
    paymentLinks: paymentLinkListFields,
    events: eventListFields,
    bookings: bookingListFields,
    tasks: taskListFields,
    memberships: membershipListFields,
};
