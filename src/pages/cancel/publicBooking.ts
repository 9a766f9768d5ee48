import type { PublicBooking } from '../../domain/api/public';
import { getPublic, postPublic } from '../payment/publicApi';

/*
 * The public API of a reminder's cancel link, for the page a customer opens it on: what the booking is,
 * and the cancel itself. Plain fetch, no token: customers have no account.
 */

export type { PublicBooking } from '../../domain/api/public';

const bookingUrl = (token: string) => `/api/public/bookings/${encodeURIComponent(token)}`;

/** Reads the booking a token names; never cancels it (mail scanners open links). */
export const fetchPublicBooking = (token: string) => getPublic<PublicBooking>(bookingUrl(token));

/** Cancels the booking, once the customer confirmed; answers it as cancelled, `late` when counted late. */
export const cancelPublicBooking = (token: string) => postPublic<PublicBooking>(`${bookingUrl(token)}/cancel`);
