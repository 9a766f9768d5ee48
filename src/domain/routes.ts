/**
 * Every browser path the app answers, from the seed's route table plus the create forms of the
 * resources. The server answers 200 for these and 404 (with the app, which shows its not-found page)
 * for any other path; the app registers the same paths.
 */
export const statusListRouteNames = ['customer', 'attendance'] as const;

const id = '[^/]+';
const routePatterns: RegExp[] = [
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
    '/statistics/incomes',
    '/history',
    // react-admin's own pages, reached when a role may not open something.
    '/access-denied',
    '/authentication-error',
].map(pattern => new RegExp(`^${pattern}/?$`));

export const isAppRoute = (path: string): boolean => routePatterns.some(pattern => pattern.test(path));
