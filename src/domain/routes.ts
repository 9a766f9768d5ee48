/**
 * Every browser path the app answers, from the seed's route table plus the create forms of the
 * resources. The server answers 200 for these and 404 (with the app, which shows its not-found page)
 * for any other path; the app registers the same paths.
 */
export const statusListRouteNames = ['customer', 'attendance'] as const;

const id = '[^/]+';
const routes = [
    '/',
    '/login',
    '/logout',
    '/events',
    `/events/${id}`,
    '/configs',
    '/settings/users',
    `/settings/users/${id}`,
    '/customers',
    `/customers/${id}`,
    '/schedules',
    `/schedules/${id}`,
    '/settings/courses',
    `/settings/courses/${id}`,
    '/settings/studios',
    `/settings/studios/${id}`,
    '/settings/directions',
    `/settings/directions/${id}`,
    '/settings/subscriptions',
    `/settings/subscriptions/${id}`,
    `/settings/statuses/(${statusListRouteNames.join('|')})`,
    '/attendances',
    `/attendances/${id}`,
    `/payments/link/${id}`,
    `/reports/attendances/${id}`,
    '/reports/pay',
    '/statistics/incomes',
    '/history',
    // react-admin's own pages, reached when a role may not open something.
    '/access-denied',
    '/authentication-error',
];
const routePatterns: RegExp[] = routes.map(pattern => new RegExp(`^${pattern}/?$`));

/** The first segments of the app's own paths (`customers`, `settings`...): a prototype collection cannot take one. */
export const appRouteSegments: readonly string[] = [...new Set(routes.map(route => route.split('/')[1]).filter(segment => /^[a-z-]+$/i.test(segment)))];

/** A prototype collection's screens: its list, create form, record and record's show view. */
const prototypeRoute = /^\/([A-Za-z][A-Za-z0-9_-]*)(?:\/create|\/[^/]+(?:\/show)?)?\/?$/;

/** The prototype collection a browser path shows, if it is one of a prototype's screens. */
export const prototypeOfPath = (path: string): string | undefined => prototypeRoute.exec(path)?.[1];

export const isAppRoute = (path: string): boolean => routePatterns.some(pattern => pattern.test(path));
