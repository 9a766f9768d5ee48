import type { PrivacyAnswer } from '../domain/api/consents';
import type { ErasureRequestAnswer } from '../domain/api/privacy';
import type {
    BookAnswer,
    BookingsAnswer,
    BookRequest,
    CalendarAnswer,
    CancelAnswer,
    ClassesAnswer,
    CodeRequest,
    CodeSent,
    FreezeAnswer,
    FreezeRequest,
    JoinRequest,
    LinkRequest,
    MeAnswer,
    PassesAnswer,
    PayRequest,
    PaymentLinkAnswer,
    PenaltiesAnswer,
    PlansAnswer,
    PortalBooking,
    PortalSetup,
    ProfileAnswer,
    ProfileChange,
    SignedIn,
    TelegramLinkAnswer,
    UnfreezeAnswer,
    VerifyAnswer,
    VerifyRequest,
} from '../domain/api/portal';

/*
 * The portal's calls to its API (/api/portal), typed by what each endpoint takes and answers
 * (src/domain/api/portal.ts). The sign-in token is kept in localStorage and sent as a bearer token; an
 * answer of 401 to a signed-in call means the token is no longer good (expired, or signed out
 * everywhere), and the portal goes back to its sign-in page.
 */

/** A booking whose class is still there: every one the screens show. */
export type ClassBooking = PortalBooking & { class: NonNullable<PortalBooking['class']>; lateCancelFrom: string };
export const hasClass = (booking: PortalBooking): booking is ClassBooking =>
    booking.class !== null && booking.lateCancelFrom !== null;

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

/** Sends a call with the token; a refusal is thrown as an ApiError (401 to a signed-in call signs out). */
const send = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const token = memoryToken;
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(`/api/portal${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
        const answer = (await response.json().catch(() => ({}))) as {
            errors?: Record<string, string>;
            retryAfter?: number;
        };
        if (response.status === 401 && token && !path.startsWith('/auth/')) onSignedOut();
        const retryAfter = answer.retryAfter ?? Number(response.headers.get('Retry-After') ?? NaN);
        throw new ApiError(response.status, answer.errors, Number.isFinite(retryAfter) ? retryAfter : undefined);
    }
    return response;
};

export const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await send(method, path, body);
    if (response.status === 204) return undefined as T;
    return (await response.json().catch(() => ({}))) as T;
};

/** A file the API answers: its bytes as they came, and the name the server gives it (else `fallback`). */
const download = async (path: string, fallback: string): Promise<{ file: Blob; name: string }> => {
    const response = await send('GET', path);
    const name = /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
    return { file: await response.blob(), name: name ?? fallback };
};

/** `?customerId=` when acting for a ward, nothing when for oneself. */
const forWhom = (customerId?: number) => (customerId ? `customerId=${customerId}` : '');
const query = (...parts: string[]) => {
    const joined = parts.filter(Boolean).join('&');
    return joined ? `?${joined}` : '';
};

export const api = {
    setup: () => request<PortalSetup>('GET', '/auth/setup'),
    sendCode: (login: string) => request<CodeSent>('POST', '/auth/code', { login } satisfies CodeRequest),
    verify: (login: string, code: string, customerId?: number) =>
        request<VerifyAnswer>('POST', '/auth/verify', {
            login,
            code,
            ...(customerId ? { customerId } : {}),
        } satisfies VerifyRequest),
    signInByLink: (token: string) => request<SignedIn>('POST', '/auth/link', { token } satisfies LinkRequest),
    join: (fields: Omit<JoinRequest, 'consent'>) =>
        request<CodeSent>('POST', '/auth/join', { ...fields, consent: true } satisfies JoinRequest),
    me: () => request<MeAnswer>('GET', '/me'),
    privacy: () => request<PrivacyAnswer>('GET', '/consents'),
    giveMarketing: () => request<PrivacyAnswer>('POST', '/consents/marketing'),
    revokeMarketing: () => request<PrivacyAnswer>('POST', '/consents/marketing/revoke'),
    /** All the studio holds about the signed-in customer and their children, as a JSON file. */
    exportMine: () => download('/me/export', 'my-data.json'),
    askErasure: () => request<ErasureRequestAnswer>('POST', '/me/erase'),
    saveMe: (change: ProfileChange) => request<ProfileAnswer>('PUT', '/me', change),
    logout: () => request<void>('POST', '/logout'),
    logoutEverywhere: () => request<void>('POST', '/logout-everywhere'),
    telegramLink: (customerId?: number) =>
        request<TelegramLinkAnswer>('POST', '/telegram', customerId ? { customerId } : {}),
    renewCalendar: () => request<CalendarAnswer>('POST', '/calendar/renew'),
    classes: (from: string, to: string, customerId?: number) =>
        request<ClassesAnswer>('GET', `/classes${query(`from=${from}`, `to=${to}`, forWhom(customerId))}`),
    book: (eventId: number, customerId?: number, waitlist?: boolean) =>
        request<BookAnswer>('POST', '/bookings', {
            eventId,
            ...(customerId ? { customerId } : {}),
            ...(waitlist ? { waitlist } : {}),
        } satisfies BookRequest),
    bookings: (customerId?: number) => request<BookingsAnswer>('GET', `/bookings${query(forWhom(customerId))}`),
    cancel: (id: number) => request<CancelAnswer>('POST', `/bookings/${id}/cancel`),
    passes: (customerId?: number) => request<PassesAnswer>('GET', `/passes${query(forWhom(customerId))}`),
    penalties: (customerId?: number) => request<PenaltiesAnswer>('GET', `/penalties${query(forWhom(customerId))}`),
    freeze: (id: number, from: string, to: string, dryRun: boolean) =>
        request<FreezeAnswer>('POST', `/passes/${id}/freeze`, {
            from,
            to,
            ...(dryRun ? { dryRun } : {}),
        } satisfies FreezeRequest),
    unfreeze: (id: number) => request<UnfreezeAnswer>('POST', `/passes/${id}/unfreeze`),
    plans: (customerId?: number) => request<PlansAnswer>('GET', `/plans${query(forWhom(customerId))}`),
    buy: (planId: number, customerId?: number) =>
        request<PaymentLinkAnswer>('POST', `/plans/${planId}/buy`, customerId ? { customerId } : {}),
    /** A payment link for what is due on a pass (one's own or a ward's). */
    pay: (passId: number) => request<PaymentLinkAnswer>('POST', '/pay', { passId } satisfies PayRequest),
    /** A payment link for a penalty's fee owed. */
    payFee: (penaltyId: number) => request<PaymentLinkAnswer>('POST', '/pay', { penaltyId } satisfies PayRequest),
};
