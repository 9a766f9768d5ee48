import type { ApiErrorBody } from '../../domain/api';

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

export class PublicBookingError extends Error {
    constructor(
        readonly status: number,
        readonly errors: Record<string, string> = {},
    ) {
        super(`HTTP ${status}`);
    }
}

const bookingUrl = (token: string) => `/api/public/bookings/${encodeURIComponent(token)}`;

const answer = async (response: Response): Promise<PublicBooking> => {
    const body = (await response.json().catch(() => ({}))) as PublicBooking & Partial<ApiErrorBody>;
    if (!response.ok) throw new PublicBookingError(response.status, body.errors);
    return body;
};

/** Reads the booking a token names; never cancels it (mail scanners open links). */
export const fetchPublicBooking = (token: string) =>
    fetch(bookingUrl(token), { headers: { Accept: 'application/json' } }).then(answer);

/** Cancels the booking, once the customer confirmed; answers it as cancelled, `late` when counted late. */
export const cancelPublicBooking = (token: string) =>
    fetch(`${bookingUrl(token)}/cancel`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
    }).then(answer);
