import { everything, type Action } from './collections/access';
import * as manifest from './collections/manifest';

/*
 * What may be known of the collections without their schemas: their names, the roles and what each role
 * may do with each (each collection's <name>.grants.ts, beside its module in collections/). Kept apart
 * from the declarations, which hold every schema: the app's sign-in page checks roles without loading
 * them.
 */

export const roles = ['admin', 'manager', 'teacher'] as const;
export type Role = (typeof roles)[number];

/**
 * The studio's own collections, one per line of collections/manifest.ts: any other collection in the
 * database is a developer's prototype.
 */
export type CollectionName = keyof typeof manifest;

/**
 * The order db.json has listed the collections in since before the manifest, which the demo database, a
 * new database and the history's filter keep; a collection added since comes after them, by name.
 */
const firstCollections: readonly string[] = [
    'users',
    'directions',
    'studios',
    'courses',
    'subscriptions',
    'passes',
    'customers',
    'schedules',
    'events',
    'attendances',
    'payments',
    'paymentLinks',
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
];
const place = (name: string) => {
    const index = firstCollections.indexOf(name);
    return index < 0 ? firstCollections.length : index;
};

/** Every collection of the manifest, in db.json's order. */
export const studioCollectionNames: readonly CollectionName[] = (Object.keys(manifest) as CollectionName[]).sort(
    (a, b) => place(a) - place(b) || (a < b ? -1 : a > b ? 1 : 0),
);

export type { Action, Grants } from './collections/access';

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
    const allowed = manifest[params.resource as CollectionName].grants[role];
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
