import * as manifest from './collections/manifest';
import type { Resource } from './collections/resource';
import { canAccess, canOpenPage, studioCollectionNames, type Action, type CollectionName, type Grants } from './roles';
import type { Role } from './types';

/*
 * The app's route manifest: every screen the browser can open, who may open it, and where the menu
 * shows it. The app builds its resources, its custom routes and its menu from this list, and the server
 * answers these paths with the app (200) and any other with its not-found page (404), so the three never
 * drift apart. Components and icons are the app's: it names one for every key here, checked by its type.
 */

/** Who may open a screen: a grant on a resource, a custom page's rule, or one role. */
export type Access =
    { resource: string; action: Action } | { page: Parameters<typeof canOpenPage>[1] } | { role: Role };

export const mayOpen = (role: Role | undefined, access: Access): boolean => {
    if ('resource' in access) return canAccess(role, access);
    if ('page' in access) return canOpenPage(role, access.page);
    return role === access.role;
};

/** The screens a collection's grants module names, if any. */
type ResourceOf<C extends CollectionName> = (typeof manifest)[C] extends { resource: infer R } ? R : never;
type KeyOf<C extends CollectionName> = ResourceOf<C> extends { key: infer K extends string } ? K : C;

/** The resources' keys: each its folder in src/resources. */
export type ResourceKey = {
    [C in CollectionName]: [ResourceOf<C>] extends [never] ? never : KeyOf<C>;
}[CollectionName];

export interface ResourceRoute extends Omit<Resource, 'key'> {
    collection: CollectionName;
}

/**
 * The studio's resources, each named by its collection's line of the manifest (collections/manifest.ts)
 * with the `resource` of its grants module: react-admin's list, record and create screens under
 * `/{name}`, of the API's `collection`, from the folder src/resources/{key}; the history of changes is a
 * list only. A resource with `menu` is listed at the end of that group of the menu (label
 * `app.menu.{key}`), for the roles that may list its collection.
 */
export const resourceRoutes = Object.fromEntries(
    studioCollectionNames.flatMap(collection => {
        const entry: { grants: Grants; resource?: Resource } = manifest[collection];
        if (!entry.resource) return [];
        const { key = collection, ...route } = entry.resource;
        return [[key, { ...route, collection }]];
    }),
) as Record<ResourceKey, ResourceRoute>;

export const statusListRouteNames = ['customer', 'attendance'] as const;

/** The custom pages, by react-router path: inside the layout and guarded by `access`, or on their own (`bare`). */
export const pageRoutes = {
    statistics: { path: '/statistics/incomes', access: { page: 'statistics' } },
    statuses: {
        path: '/settings/statuses/:name',
        access: { resource: 'statuses', action: 'list' },
        values: { name: statusListRouteNames },
    },
    configs: { path: '/configs', access: { resource: 'configs', action: 'edit' } },
    teacherPay: { path: '/attendances/:teacher', access: { page: 'teacherAttendances' } },
    payroll: { path: '/reports/pay', access: { page: 'payroll' } },
    journal: { path: '/reports/attendances/:id', access: { page: 'attendanceReport' } },
    logout: { path: '/logout', bare: true },
    paymentLink: { path: '/payments/link/:id', bare: true },
    // The built-in test provider's checkout page, where a real provider's page would take the card.
    testCheckout: { path: '/payments/test-checkout/:id', bare: true },
    // The reminder's cancel link: a customer, without sign-in, cancels the booking it names.
    cancelBooking: { path: '/cancel/:token', bare: true },
} as const satisfies Record<
    string,
    { path: string; access?: Access; bare?: true; values?: Record<string, readonly string[]> }
>;
export type PageKey = keyof typeof pageRoutes;

/**
 * The address a customer opens a payment link at: on the server's public address (PUBLIC_URL) when it
 * has one, otherwise a path on whatever address the app itself is opened at.
 */
export const paymentLinkAddress = (id: string, publicUrl?: string | null): string =>
    `${publicUrl ? publicUrl.replace(/\/+$/, '') : ''}${pageRoutes.paymentLink.path.replace(':id', encodeURIComponent(id))}`;

const listOf = (resource: string): Access => ({ resource, action: 'list' });

/** The menu as a studio thinks of its work: groups of entries, each shown to the roles that may open it. */
const listedGroups = [
    {
        title: 'app.menu.groups.today',
        entries: [{ key: 'dashboard', to: '/', label: 'app.menu.dashboard', access: { page: 'dashboard' } }],
    },
    {
        title: 'app.menu.groups.customers',
        entries: [{ key: 'customers', to: '/customers', label: 'app.menu.customers', access: listOf('customers') }],
    },
    {
        title: 'app.menu.groups.timetable',
        entries: [
            { key: 'schedules', to: '/schedules', label: 'app.menu.schedules', access: listOf('schedules') },
            { key: 'events', to: '/events', label: 'app.menu.events', access: listOf('events') },
            { key: 'attendances', to: '/attendances', label: 'app.menu.attendances', access: listOf('attendances') },
            {
                key: 'myAttendances',
                to: '/attendances/me',
                label: 'app.menu.my_attendances',
                access: { role: 'teacher' },
            },
        ],
    },
    {
        title: 'app.menu.groups.money',
        entries: [
            {
                key: 'statistics',
                to: '/statistics/incomes',
                label: 'app.menu.statistics',
                access: { page: 'statistics' },
            },
            { key: 'payroll', to: '/reports/pay', label: 'app.menu.payroll', access: { page: 'payroll' } },
        ],
    },
    {
        title: 'app.menu.groups.settings',
        entries: [
            { key: 'users', to: '/settings/users', label: 'app.menu.users', access: listOf('users') },
            { key: 'courses', to: '/settings/courses', label: 'app.menu.courses', access: listOf('courses') },
            { key: 'studios', to: '/settings/studios', label: 'app.menu.studios', access: listOf('studios') },
            {
                key: 'directions',
                to: '/settings/directions',
                label: 'app.menu.directions',
                access: listOf('directions'),
            },
            {
                key: 'subscriptions',
                to: '/settings/subscriptions',
                label: 'app.menu.subscriptions',
                access: listOf('subscriptions'),
            },
            {
                key: 'customerStatuses',
                to: '/settings/statuses/customer',
                label: 'app.menu.customer_statuses',
                access: listOf('statuses'),
            },
            {
                key: 'attendanceStatuses',
                to: '/settings/statuses/attendance',
                label: 'app.menu.attendance_statuses',
                access: listOf('statuses'),
            },
            { key: 'configs', to: '/configs', label: 'app.menu.configs', access: { page: 'configs' } },
            { key: 'history', to: '/history', label: 'app.menu.history', access: listOf('auditEntries') },
        ],
    },
] as const satisfies readonly {
    title: string;
    entries: readonly { key: string; to: string; label: string; access: Access }[];
}[];

interface MenuEntry {
    key: string;
    to: string;
    label: string;
    access: Access;
}

/** The menu: the groups above, each followed by the resources that name it as their `menu`. */
export const menuGroups: readonly { title: string; entries: readonly MenuEntry[] }[] = listedGroups.map(group => ({
    title: group.title,
    entries: [
        ...group.entries,
        ...Object.entries<ResourceRoute>(resourceRoutes)
            .filter(([, route]) => route.menu !== undefined && `app.menu.groups.${route.menu}` === group.title)
            .map(([key, route]) => ({
                key,
                to: `/${route.name}`,
                label: `app.menu.${key}`,
                access: listOf(route.collection),
            })),
    ],
}));
/** The entries of the menu that are not a resource's own (whose icon is its folder's). */
export type MenuKey = (typeof listedGroups)[number]['entries'][number]['key'];

const id = '[^/]+';

/** A react-router path as a pattern: each `:param` one segment, or one of its listed values. */
const patternOf = (path: string, values: Record<string, readonly string[]> = {}) =>
    path.replace(/:([A-Za-z]+)/g, (_, name: string) => (values[name] ? `(${values[name].join('|')})` : id));

/** Every browser path the app answers, as patterns: the home and sign-in pages, every resource's screens, the pages. */
const routes = [
    '/',
    '/login',
    ...Object.values(resourceRoutes).flatMap(resource =>
        ['listOnly' in resource ? [] : [`/${resource.name}/${id}`], `/${resource.name}`].flat(),
    ),
    ...Object.values(pageRoutes).map(page => patternOf(page.path, 'values' in page ? page.values : undefined)),
    // react-admin's own pages, reached when a role may not open something.
    '/access-denied',
    '/authentication-error',
];
const routePatterns: RegExp[] = routes.map(pattern => new RegExp(`^${pattern}/?$`));

/** The first segments of the app's own paths (`customers`, `settings`...): a prototype collection cannot take one. */
export const appRouteSegments: readonly string[] = [
    ...new Set(routes.map(route => route.split('/')[1]).filter(segment => /^[a-z-]+$/i.test(segment))),
];

/** A prototype collection's screens: its list, create form, record and record's show view. */
const prototypeRoute = /^\/([A-Za-z][A-Za-z0-9_-]*)(?:\/create|\/[^/]+(?:\/show)?)?\/?$/;

/** The prototype collection a browser path shows, if it is one of a prototype's screens. */
export const prototypeOfPath = (path: string): string | undefined => prototypeRoute.exec(path)?.[1];

export const isAppRoute = (path: string): boolean => routePatterns.some(pattern => pattern.test(path));
