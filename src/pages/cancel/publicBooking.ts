import { getPublic, postPublic } from '../payment/publicApi';

/*
 * The public API of a reminder's cancel link, for the page a customer opens it on: what the booking is,
 * and the cancel itself. Plain fetch, no token: customers have no account.
 */

/** What the public API tells about a booking: nothing else about the customer or the studio. */
export interface PublicBooking {
    studioName: string;
    firstName: string;
    /** The customer's language, or the studio's. */
    locale: 'en' | 'ru';
    className: string;
    /** The studio's wall clock, `YYYY-MM-DDTHH:mm`. */
    startsAt: string;
    status: 'booked' | 'waitlisted' | 'cancelled' | 'expired';
    /** Before the cancel: a cancel now would be late. After it: the cancel was counted late. */
    late: boolean;
    /** The class has started (or was cancelled or closed): the page no longer cancels. */
    started: boolean;
}

const bookingUrl = (token: string) => `/api/public/bookings/${encodeURIComponent(token)}`;

/** Reads the booking a token names; never cancels it (mail scanners open links). */
export const fetchPublicBooking = (token: string) => getPublic<PublicBooking>(bookingUrl(token));

/** Cancels the booking, once the customer confirmed; answers it as cancelled, `late` when counted late. */
export const cancelPublicBooking = (token: string) => postPublic<PublicBooking>(`${bookingUrl(token)}/cancel`);
