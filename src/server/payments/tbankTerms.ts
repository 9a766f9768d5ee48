/*
 * T-Bank's terms: its statuses and what they mean here, the reasons of a declined card, how long a
 * payment may live and its due date in Moscow time, and how its answers are read.
 */

export const tbankApiUrl = 'https://securepay.tinkoff.ru/v2';

/** How long a request may take before its outcome is taken as unknown. */
export const requestTimeoutMs = 30_000;

/** The longest `Description` of a payment T-Bank takes (shown on its page). */
export const descriptionLength = 140;

/** The payment page's lifetime (RedirectDueDate) T-Bank takes: at least a minute, at most 90 days from now. */
export const shortestLifeMs = 60_000;
export const longestLifeMs = 90 * 24 * 60 * 60_000;
/** Kept off both limits, so that the time the request takes and the bank's clock do not push it over one. */
export const lifeMarginMs = 30_000;

/** T-Bank writes times in Moscow time, which has been UTC+3 all year since 2014. */
export const moscowOffsetMs = 3 * 60 * 60_000;

/** The statuses of a payment that is paid, and those of one that never will be. */
export const paidStatus = 'CONFIRMED';
export const declinedStatuses = ['REJECTED', 'CANCELED', 'DEADLINE_EXPIRED', 'AUTH_FAIL', 'ATTEMPTS_EXPIRED'];
/**
 * The statuses of a payment given back in whole or in part: refunded after it was confirmed, or reversed
 * while it was only authorized (the money held is let go).
 */
export const refundedStatuses = ['REFUNDED', 'PARTIAL_REFUNDED', 'REVERSED', 'PARTIAL_REVERSED'];
/** The statuses in which a payment can still be refunded (or reversed) by Cancel. */
export const refundableStatuses = ['CONFIRMED', 'PARTIAL_REFUNDED', 'AUTHORIZED'];
/** A payment whose refund (or confirmation) is under way at the bank. */
export const inProgressStatuses = ['REFUNDING', 'ASYNC_REFUNDING', 'REVERSING', 'CONFIRMING'];
/** The statuses of a payment nobody has paid yet, which Cancel turns into CANCELED. */
export const unpaidStatuses = ['NEW', 'FORM_SHOWED'];

/** Card error codes (from T-Bank's list) told apart in a decline's reason; any other is just rejected. */
export const cardReasons: Record<string, string> = {
    '103': 'insufficient_funds',
    '116': 'insufficient_funds',
    '1051': 'insufficient_funds',
    '1033': 'card_expired',
    '1054': 'card_expired',
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text field of an answer or notice, or undefined. */
export const text = (value: unknown): string | undefined =>
    typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

/** T-Bank's payment ids come as digits, in a string (Init, GetState) or a number (notices). */
export const paymentIdOf = (value: unknown): string | undefined => {
    const id = text(value);
    return id !== undefined && /^\d{1,20}$/.test(id) ? id : undefined;
};

/** A whole number of kopecks, as a number or its digits; null when it is none. */
export const kopecks = (value: unknown): number | null => {
    const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
};

/**
 * The payment page's end as T-Bank wants it (YYYY-MM-DDTHH:MM:SS+03:00), kept within the minute to 90 days
 * it takes: a link about to expire still gets a page that opens, one living longer gets the longest page.
 */
export const tbankDueDate = (expiresAt: Date, now: Date): string => {
    const end = expiresAt.getTime();
    if (!Number.isFinite(end)) throw new Error('A T-Bank payment needs a valid end of its page');
    const earliest = now.getTime() + shortestLifeMs + lifeMarginMs;
    const latest = now.getTime() + longestLifeMs - lifeMarginMs;
    // Whole seconds only: rounded up from the earliest, down from the latest, so that neither limit is crossed.
    const clamped = Math.min(Math.max(end, earliest), latest);
    const whole = end < earliest ? Math.ceil(clamped / 1000) * 1000 : Math.floor(clamped / 1000) * 1000;
    return `${new Date(whole + moscowOffsetMs).toISOString().slice(0, 19)}+03:00`;
};

/** The reason a declined payment gives, read from its status and error code. */
export const declineReason = (status: string, errorCode: string | undefined): string => {
    if (status === 'DEADLINE_EXPIRED') return 'expired';
    if (status === 'ATTEMPTS_EXPIRED') return 'attempts_expired';
    if (status === 'CANCELED') return 'canceled';
    if (errorCode && Object.hasOwn(cardReasons, errorCode)) return cardReasons[errorCode];
    return status === 'AUTH_FAIL' ? 'auth_failed' : 'rejected';
};

/** T-Bank's refusal in an answer (Success false or a non-zero ErrorCode) as a message and code; null when none. */
export const refusalOf = (body: Record<string, unknown>): { message: string; code: string } | null => {
    const code = text(body.ErrorCode);
    if (body.Success === true && (code === undefined || code === '0')) return null;
    const message = text(body.Message) || 'T-Bank refused the request';
    const details = text(body.Details);
    return {
        message: details && details !== message && details !== 'None' ? `${message} (${details})` : message,
        code: code ?? 'unknown',
    };
};
