/*
 * What may be known of the collections without their schemas: their names, the roles and what each role
 * may do with each. Kept apart from the declarations (collections.ts), which hold every schema: the
 * app's sign-in page checks roles without loading them.
 */

export const roles = ['admin', 'manager', 'teacher'] as const;
export type Role = (typeof roles)[number];

/**
 * The studio's own collections, each declared in collections.ts: any other collection in the database
 * is a developer's prototype.
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

/**
 * What each role may do, by resource. The server enforces it on every request and the app mirrors it
 * with react-admin's `canAccess`, so the menu and the buttons show only what the role may do.
 *
 * `read` is fetching records for display elsewhere (a teacher's name on an event, a status chip) without
 * the screen of the resource: a manager reads users to show teachers but has no users screen.
 */
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | 'read';

type Grants = Partial<Record<CollectionName, readonly Action[]>>;

const everything: readonly Action[] = ['list', 'show', 'create', 'edit', 'delete', 'export', 'read'];
const work: readonly Action[] = ['list', 'show', 'create', 'edit', 'export', 'read'];
const catalogue: readonly Action[] = ['list', 'show', 'export', 'read'];
const readOnly: readonly Action[] = ['read'];

const grants: Record<Role, Grants> = {
    admin: {},
    manager: {
        customers: work,
        passes: work,
        // Payments are a ledger: recorded by selling and refunds (create), never edited or deleted.
        payments: ['list', 'show', 'create', 'export', 'read'],
        paymentLinks: work,
        schedules: work,
        events: work,
        // Unmarking a visit is daily work: deleting an attendance gives the visit back.
        attendances: [...work, 'delete'],
        directions: catalogue,
        studios: catalogue,
        courses: catalogue,
        subscriptions: catalogue,
        users: readOnly,
        statuses: readOnly,
        configs: readOnly,
        // Closed by the pay endpoints; read for the teacher pay pages.
        payPeriods: catalogue,
        bookings: ['list', 'show', 'create', 'export', 'read'],
        // The outbox: written by the server; staff read it and resend a failed message.
        messages: ['list', 'show', 'export', 'read'],
        // Made and applied by the server; managers waive them (POST /api/penalties/:id/waive).
        penalties: ['list', 'show', 'export', 'read'],
        // Given and used by the server as excused absences and bookings happen.
        makeUps: ['list', 'show', 'export', 'read'],
        // Made by importing a file (POST /api/imports/customers), undone by POST /api/imports/:id/undo.
        imports: ['list', 'show', 'create', 'read'],
        // Attempts to pay links online, as the providers answered: read to see what happened to a payment.
        onlinePayments: ['list', 'show', 'export', 'read'],
    },
    teacher: {
        // Scoped on the server to the teacher's own events, schedules and their customers.
        events: ['list', 'show', 'read'],
        schedules: ['read'],
        attendances: ['list', 'show', 'create', 'edit', 'delete', 'read'],
        bookings: ['list', 'show', 'create', 'read'],
        // Of their classes: what a late cancel or a no-show cost, and the make-ups excused absences gave.
        penalties: ['list', 'show', 'read'],
        makeUps: ['list', 'show', 'read'],
        customers: readOnly,
        directions: readOnly,
        studios: readOnly,
        courses: readOnly,
        users: readOnly,
        statuses: readOnly,
        configs: readOnly,
    },
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
    const allowed = grants[role][params.resource as CollectionName];
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
