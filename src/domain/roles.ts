import { everything, type Action, type Grants } from './collections/access';
import { grants as attendances } from './collections/attendances.grants';
import { grants as auditEntries } from './collections/auditEntries.grants';
import { grants as bookings } from './collections/bookings.grants';
import { grants as configs } from './collections/configs.grants';
import { grants as courses } from './collections/courses.grants';
import { grants as customers } from './collections/customers.grants';
import { grants as directions } from './collections/directions.grants';
import { grants as events } from './collections/events.grants';
import { grants as imports } from './collections/imports.grants';
import { grants as jobs } from './collections/jobs.grants';
import { grants as makeUps } from './collections/makeUps.grants';
import { grants as messages } from './collections/messages.grants';
import { grants as onlinePayments } from './collections/onlinePayments.grants';
import { grants as passes } from './collections/passes.grants';
import { grants as paymentLinks } from './collections/paymentLinks.grants';
import { grants as payments } from './collections/payments.grants';
import { grants as payPeriods } from './collections/payPeriods.grants';
import { grants as penalties } from './collections/penalties.grants';
import { grants as schedules } from './collections/schedules.grants';
import { grants as statuses } from './collections/statuses.grants';
import { grants as studios } from './collections/studios.grants';
import { grants as subscriptions } from './collections/subscriptions.grants';
import { grants as users } from './collections/users.grants';

/*
 * What may be known of the collections without their schemas: their names, the roles and what each role
 * may do with each (each collection's <name>.grants.ts, beside its module in collections/). Kept apart
 * from the declarations, which hold every schema: the app's sign-in page checks roles without loading
 * them.
 */

export const roles = ['admin', 'manager', 'teacher'] as const;
export type Role = (typeof roles)[number];

/**
 * The studio's own collections, each declared in its module in collections/: any other collection in the
 * database is a developer's prototype.
 */
export const studioCollectionNames = [
    'users',
    'directions',
    'studios',
    'courses',
    'subscriptions',
    'customers',
    'passes',
    'payments',
    'paymentLinks',
    'schedules',
    'events',
    'attendances',
    'statuses',
    'configs',
    'auditEntries',
    'payPeriods',
    'bookings',
    'messages',
    'jobs',
    'penalties',
    'makeUps',
    'imports',
    'onlinePayments',
] as const;
export type CollectionName = (typeof studioCollectionNames)[number];

export type { Action, Grants } from './collections/access';

/** What managers and teachers may do with each collection, each kept beside the collection's module. */
const grants: Record<CollectionName, Grants> = {
    users,
    directions,
    studios,
    courses,
    subscriptions,
    customers,
    passes,
    payments,
    paymentLinks,
    schedules,
    events,
    attendances,
    statuses,
    configs,
    auditEntries,
    payPeriods,
    bookings,
    messages,
    jobs,
    penalties,
    makeUps,
    imports,
    onlinePayments,
};

export const isStudioCollection = (name: string): boolean =>
    (studioCollectionNames as readonly string[]).includes(name);

/**
 * A prototype collection (one a developer added to db.json) is a developer's draft, an admin's only:
 * managers and teachers neither see it in the menu nor reach its routes, which are not part of the
 * studio's work.
 */
const prototypeGrants: Record<Role, readonly Action[]> = { admin: everything, manager: [], teacher: [] };

export const canAccessPrototype = (role: Role | undefined, action: string): boolean =>
    !!role && prototypeGrants[role].includes(action as Action);

export const canAccess = (role: Role | undefined, params: { resource: string; action: string }): boolean => {
    if (!role) return false;
    if (!isStudioCollection(params.resource)) return canAccessPrototype(role, params.action);
    if (role === 'admin') return true;
    const allowed = grants[params.resource as CollectionName][role];
    return !!allowed && allowed.includes(params.action as Action);
};

/** Custom pages and reports, by the role that may open them. */
export const canOpenPage = (
    role: Role | undefined,
    page: 'dashboard' | 'statistics' | 'teacherAttendances' | 'attendanceReport' | 'payroll' | 'settings' | 'configs',
): boolean => {
    if (!role) return false;
    switch (page) {
        case 'dashboard':
        case 'teacherAttendances':
            return true;
        case 'statistics':
        case 'attendanceReport':
        case 'payroll':
            return role !== 'teacher';
        case 'settings':
            return role !== 'teacher';
        case 'configs':
            return role === 'admin';
    }
};

export { everything as allActions };
