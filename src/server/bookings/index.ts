/*
 * The bookings room: seats and places in line, cancelling them, the line moving up, a group's members'
 * seats, the make-up credits that pay a seat, and the pass each seat expects to pay. Other code uses it
 * through this index only.
 */
export { bookMembers, groupMembershipChanged } from './groups';
export { makeUpRules, releaseMakeUp, settleMakeUp, settleMakeUpNoShows } from './makeUps';
export { afterFreeze, cancelBooking, cancelBookingsOf, expireLines, insertBooking } from './operations';
export { promote, repickPasses } from './promotion';
export { rosterBookings } from './roster';
export { bookingRoutes } from './routes';
export { bookingListFields, bookingRules, bookSeat, eventListFields } from './rules';
export { giveUpSeatsOf } from './passSeats';
