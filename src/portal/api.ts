import type { Locale } from './i18n';

/*
 * The portal's API (/api/portal): what it answers, and the calls. The sign-in token is kept in
 * localStorage and sent as a bearer token; an answer of 401 to a signed-in call means the token is no
 * longer good (expired, or signed out everywhere), and the portal goes back to its sign-in page.
 */

export interface Setup {
    studioName: string;
    defaultLocale: Locale;
    currency: string;
    timezone: string;
    telegramBot: string | null;
}

export type NotifyKind =
    | 'booked'
    | 'promoted'
    | 'seat_free'
    | 'reminder'
    | 'class_cancelled'
    | 'low_visits'
    | 'expiring'
    | 'payment'
    | 'penalty';

export interface Notify {
    email: boolean;
    telegram: boolean;
    kinds: Partial<Record<NotifyKind, boolean>>;
}

export interface Customer {
    id: number;
    firstName: string;
    lastName: string;
    phone: string | null;
    email: string | null;
    locale: Locale | null;
    /** Null until the customer chooses: every channel and kind is taken. */
    notify: Notify | null;
    telegramLinked: boolean;
    status: string;
    guardianId: number | null;
    balanceDue: number;
}

export interface Me {
    customer: Customer;
    wards: Customer[];
    calendarUrl: string;
}

interface Booking {
    id: number;
    eventId: number;
    customerId: number;
    status: 'booked' | 'waitlisted' | 'cancelled' | 'expired';
    position: number | null;
    late: boolean;
    /** Null only when the class is gone. */
    lateCancelFrom: string | null;
    lateNow: boolean;
    /** What a late cancel costs on the plan paying the seat: the visit, a fee, or nothing (null). */
    lateCancelCost?: { action: 'visit' | 'fee'; amount: number | null } | null;
    /** Whether a late cancel now would be forgiven: the customer's first in 30 days. */
    lateForgiven?: boolean;
    /** Paid by a make-up credit instead of a pass: a late cancel loses the credit (and costs nothing else). */
    makeUp?: boolean;
    class: {
        startsAt: string;
        endsAt: string;
        /** The class's name as customers know it: its course's. */
        title: string;
        directionName?: string;
        teacherName: string;
        hallName: string;
    } | null;
}

/** A late cancel's or a no-show's penalty, as the customer (or their guardian) sees it. */
export interface OwnPenalty {
    id: number;
    kind: 'late_cancel' | 'no_show';
    action: 'visit' | 'fee';
    amount: number | null;
    status: 'pending' | 'applied' | 'waived' | 'forgiven' | 'reversed';
    /** When it applies unless the studio waives it (an instant). */
    appliesAt: string;
    paid: boolean;
    class: { startsAt: string; title: string } | null;
}

/** The penalty a late cancel made: forgiven (the first in 30 days) or to apply unless the studio waives it. */
interface Penalty {
    status: 'pending' | 'applied' | 'waived' | 'forgiven' | 'reversed';
    action: 'visit' | 'fee';
    amount: number | null;
}

/** A booking whose class is still there: every one the screens show. */
export type ClassBooking = Booking & { class: NonNullable<Booking['class']>; lateCancelFrom: string };
export const hasClass = (booking: Booking): booking is ClassBooking =>
    booking.class !== null && booking.lateCancelFrom !== null;

export interface PortalClass {
    id: number;
    startsAt: string;
    endsAt: string;
    durationMinutes: number;
    title: string;
    directionId: number | null;
    directionName: string;
    teacherId: number;
    teacherName: string;
    studioId: number;
    hallName: string;
    capacity: number;
    booked: number;
    waitlisted: number;
    free: number;
    booking: Booking | null;
    lateCancelFrom: string;
    refusal: null | 'not_open' | 'closed';
}

export interface Named {
    id: number;
    name: string;
}

interface ClassesAnswer {
    classes: PortalClass[];
    directions: Named[];
    teachers: Named[];
    halls: Named[];
}

export interface Pass {
    id: number;
    name: string;
    visitsTotal: number | null;
    visitsUsed: number;
    visitsLeft: number | null;
    startsOn: string;
    endsOn: string;
    frozenFrom: string | null;
    frozenTo: string | null;
    freezeDays: number;
    freezeDaysLeft: number;
    state: 'active' | 'frozen' | 'expired' | 'used_up' | 'cancelled' | 'not_started';
    canFreeze: boolean;
    canUnfreeze: boolean;
    balanceDue: number;
}

/** A make-up credit for an excused absence, as the customer (or their guardian) sees it. */
export interface OwnMakeUp {
    id: number;
    /** The direction whose class it books. */
    direction: string;
    /** The last day of a class it can book. */
    expiresOn: string;
    state: 'open' | 'booked' | 'used' | 'lost' | 'expired';
    /** The day of the class missed that gave it. */
    missedOn: string | null;
    /** The class it booked or was used for (the studio's 'YYYY-MM-DDTHH:mm'), or null. */
    bookedFor: string | null;
}

interface Plan {
    id: number;
    name: string;
    price: number;
    visits: number | null;
    validityDays: number;
    trial: boolean;
    freezeDays: number;
    directions: string[];
}

export interface SignedIn {
    token: string;
    customer: Customer;
}

/** A code was asked for (or a sign-up sent): the same answer whoever has the login, with the wait before the next. */
export interface CodeSent {
    sent: true;
    retryAfter: number;
}

/** A refusal: the status, the fields at fault with their message keys or codes, and for 429 the seconds to wait. */
export class ApiError extends Error {
    constructor(
        readonly status: number,
        readonly errors: Record<string, string> = {},
        readonly retryAfter?: number,
    ) {
        super(`HTTP ${status}`);
    }
}

const tokenKey = 'portal.token';

export const storedToken = (): string | null => {
    try {
        return localStorage.getItem(tokenKey);
    } catch {
        return null;
    }
};

export const storeToken = (token: string | null) => {
    try {
        if (token) localStorage.setItem(tokenKey, token);
        else localStorage.removeItem(tokenKey);
    } catch {
        // Storage refused (a private window's quota): the sign-in lasts while the page is open.
    }
    memoryToken = token;
};

let memoryToken = storedToken();

/** Called when a signed-in call answers 401: set by the app to sign out. */
let onSignedOut: () => void = () => {};
export const whenSignedOut = (handler: () => void) => {
    onSignedOut = handler;
};

const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = memoryToken;
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(`/api/portal${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 204) return undefined as T;
    const answer = (await response.json().catch(() => ({}))) as {
        errors?: Record<string, string>;
        retryAfter?: number;
    };
    if (!response.ok) {
        if (response.status === 401 && token && !path.startsWith('/auth/')) onSignedOut();
        const retryAfter = answer.retryAfter ?? Number(response.headers.get('Retry-After') ?? NaN);
        throw new ApiError(response.status, answer.errors, Number.isFinite(retryAfter) ? retryAfter : undefined);
    }
    return answer as T;
};

/** `?customerId=` when acting for a ward, nothing when for oneself. */
const forWhom = (customerId?: number) => (customerId ? `customerId=${customerId}` : '');
const query = (...parts: string[]) => {
    const joined = parts.filter(Boolean).join('&');
    return joined ? `?${joined}` : '';
};

export const api = {
    setup: () => request<Setup>('GET', '/auth/setup'),
    sendCode: (login: string) => request<CodeSent>('POST', '/auth/code', { login }),
    verify: (login: string, code: string, customerId?: number) =>
        request<SignedIn | { choose: { id: number; firstName: string; lastName: string }[] }>('POST', '/auth/verify', {
            login,
            code,
            ...(customerId ? { customerId } : {}),
        }),
    signInByLink: (token: string) => request<SignedIn>('POST', '/auth/link', { token }),
    join: (fields: { firstName: string; lastName: string; phone: string; email: string; locale: Locale }) =>
        request<CodeSent>('POST', '/auth/join', { ...fields, consent: true }),
    me: () => request<Me>('GET', '/me'),
    saveMe: (change: { locale?: Locale; notify?: Notify }) => request<{ customer: Customer }>('PUT', '/me', change),
    logout: () => request<void>('POST', '/logout'),
    logoutEverywhere: () => request<void>('POST', '/logout-everywhere'),
    telegramLink: (customerId?: number) =>
        request<{ url: string; token: string }>('POST', '/telegram', customerId ? { customerId } : {}),
    renewCalendar: () => request<{ calendarUrl: string }>('POST', '/calendar/renew'),
    classes: (from: string, to: string, customerId?: number) =>
        request<ClassesAnswer>('GET', `/classes${query(`from=${from}`, `to=${to}`, forWhom(customerId))}`),
    book: (eventId: number, customerId?: number, waitlist?: boolean) =>
        request<{ booking: Booking }>('POST', '/bookings', {
            eventId,
            ...(customerId ? { customerId } : {}),
            ...(waitlist ? { waitlist } : {}),
        }),
    bookings: (customerId?: number) =>
        request<{ bookings: Booking[] }>('GET', `/bookings${query(forWhom(customerId))}`),
    cancel: (id: number) =>
        request<{ booking: Booking; late: boolean; penalty: Penalty | null }>('POST', `/bookings/${id}/cancel`),
    passes: (customerId?: number) =>
        request<{ passes: Pass[]; makeUps?: OwnMakeUp[] }>('GET', `/passes${query(forWhom(customerId))}`),
    penalties: (customerId?: number) =>
        request<{ penalties: OwnPenalty[] }>('GET', `/penalties${query(forWhom(customerId))}`),
    freeze: (id: number, from: string, to: string, dryRun: boolean) =>
        request<{ pass: Pass; cancelled: Booking[] }>('POST', `/passes/${id}/freeze`, {
            from,
            to,
            ...(dryRun ? { dryRun } : {}),
        }),
    unfreeze: (id: number) => request<{ pass: Pass }>('POST', `/passes/${id}/unfreeze`),
    plans: (customerId?: number) => request<{ plans: Plan[] }>('GET', `/plans${query(forWhom(customerId))}`),
    buy: (planId: number, customerId?: number) =>
        request<{ url: string; linkId: string }>('POST', `/plans/${planId}/buy`, customerId ? { customerId } : {}),
    /** A payment link for what is due on a pass (one's own or a ward's). */
    pay: (passId: number) => request<{ url: string; linkId: string }>('POST', '/pay', { passId }),
    /** A payment link for a penalty's fee owed. */
    payFee: (penaltyId: number) => request<{ url: string; linkId: string }>('POST', '/pay', { penaltyId }),
};
