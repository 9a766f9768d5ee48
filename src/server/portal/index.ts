/*
 * The portal room: the customers' own API at /my (their card, classes, bookings, passes, pauses, plans
 * and payment links, for themselves and their wards), their calendar feed, and the public page that
 * cancels a booking from a reminder. What a customer does goes through the other rooms' rules, as at the
 * desk. Other code uses it through this index only.
 */
export { portalCalendarRoutes } from './calendar';
export { publicBookingRoutes } from './publicBookings';
export { portalRoutes } from './routes';
export { portalCustomer } from './views';
