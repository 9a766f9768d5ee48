/*
 * T-Bank's terms: its statuses and what they mean here, the card error codes of a decline, how long a
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

type Cause = 'money' | 'card';

/**
 * The card error codes of T-Bank's list (ErrorCode of a REJECTED payment), in the words ЮKassa uses for
 * the same declines, and what a failed renewal means: `card` when this card can no longer be charged at
 * all (expired, lost, stolen, blocked, a number or account the bank does not know, operations forbidden
 * for it, fraud suspected); `money` when a later try may pass (not enough money, a limit, the bank
 * unreachable or declining without saying why: `rejected`, T-Bank's word for a decline). A code not listed
 * counts as `money`.
 */
export const tbankDeclines = {
    '101': ['3d_secure_failed', 'money'], // Не пройдена идентификация 3DS
    '102': ['rejected', 'money'], // Операция отклонена, обратитесь в интернет-магазин или используйте другую карту
    '103': ['insufficient_funds', 'money'], // Повторите попытку позже (the test cards' "not enough money")
    '116': ['insufficient_funds', 'money'], // Недостаточно средств на карте
    '119': ['payment_method_limit_exceeded', 'money'], // Превышено кол-во запросов на авторизацию
    '1001': ['call_issuer', 'money'], // Свяжитесь с банком, выпустившим карту
    '1003': ['rejected', 'money'], // Неверный merchant ID
    '1004': ['payment_method_restricted', 'card'], // Карта украдена
    '1005': ['rejected', 'money'], // Платеж отклонен банком, выпустившим карту
    '1006': ['call_issuer', 'money'], // Свяжитесь с банком, выпустившим карту
    '1007': ['payment_method_restricted', 'card'], // Карта украдена
    '1008': ['identification_required', 'money'], // Платеж отклонен, необходима идентификация
    '1012': ['payment_method_restricted', 'card'], // Такие операции запрещены для этой карты
    '1013': ['rejected', 'money'], // Повторите попытку позже
    '1014': ['invalid_card_number', 'card'], // Карта недействительна
    '1015': ['invalid_card_number', 'card'], // Неверный номер карты
    '1019': ['rejected', 'money'], // Платеж отклонен, попробуйте снова
    '1030': ['rejected', 'money'], // Повторите попытку позже
    '1033': ['card_expired', 'card'], // Истек срок действия карты
    '1034': ['rejected', 'money'], // Попробуйте повторить попытку позже
    '1038': ['payment_method_limit_exceeded', 'money'], // Превышено количество попыток ввода ПИН-кода
    '1039': ['invalid_card_number', 'card'], // Платеж отклонен, счет не найден
    '1041': ['payment_method_restricted', 'card'], // Карта утеряна
    '1043': ['payment_method_restricted', 'card'], // Карта украдена
    '1051': ['insufficient_funds', 'money'], // Недостаточно средств на карте
    '1053': ['invalid_card_number', 'card'], // Платеж отклонен, счет не найден
    '1054': ['card_expired', 'card'], // Истек срок действия карты
    '1055': ['rejected', 'money'], // Неверный ПИН
    '1057': ['payment_method_restricted', 'card'], // Такие операции запрещены для этой карты
    '1058': ['payment_method_restricted', 'card'], // Такие операции запрещены для этой карты
    '1059': ['fraud_suspected', 'card'], // Подозрение в мошенничестве
    '1061': ['payment_method_limit_exceeded', 'money'], // Превышен дневной лимит платежей по карте
    '1062': ['payment_method_restricted', 'card'], // Платежи по карте ограничены
    '1063': ['payment_method_restricted', 'card'], // Операции по карте ограничены
    '1064': ['rejected', 'money'], // Проверьте сумму
    '1065': ['payment_method_limit_exceeded', 'money'], // Превышен дневной лимит транзакций
    '1075': ['payment_method_limit_exceeded', 'money'], // Превышено число попыток ввода ПИН-кода
    '1076': ['rejected', 'money'], // Платеж отклонен, попробуйте снова
    '1077': ['rejected', 'money'], // Коды не совпадают, попробуйте снова
    '1080': ['card_expired', 'card'], // Неверный срок действия
    '1082': ['invalid_csc', 'money'], // Неверный CVV
    '1086': ['rejected', 'money'], // Платеж отклонен, не получилось подтвердить ПИН-код
    '1088': ['rejected', 'money'], // Ошибка шифрования, попробуйте снова
    '1089': ['rejected', 'money'], // Попробуйте повторить попытку позже
    '1091': ['issuer_unavailable', 'money'], // Банк, выпустивший карту, недоступен
    '1092': ['rejected', 'money'], // Платеж отклонен, попробуйте снова
    '1093': ['fraud_suspected', 'card'], // Подозрение в мошенничестве
    '1094': ['rejected', 'money'], // Системная ошибка
    '1096': ['rejected', 'money'], // Повторите попытку позже
} as const satisfies Record<string, readonly [string, Cause]>;

/** Whether an ErrorCode is one of the card error codes (a decline, not a request refused). */
export const isCardCode = (errorCode: string | undefined): errorCode is keyof typeof tbankDeclines =>
    errorCode !== undefined && Object.hasOwn(tbankDeclines, errorCode);

/**
 * Whether an OrderId (or CloudPayments' InvoiceId) is a membership charge's key ("1a2b3c4d-m12-20270131-1":
 * the database's prefix, the membership, the period, the try) and not a payment link attempt's id.
 */
export const isRenewalKey = (orderId: string): boolean => /^[0-9a-f]{8}-m\d+-\d{8}-\d+$/.test(orderId);

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
    if (isCardCode(errorCode)) return tbankDeclines[errorCode][0];
    return status === 'AUTH_FAIL' ? 'auth_failed' : 'rejected';
};

/** A declined payment's reason and what it means for a renewal: the card's ErrorCode, or a decline for money. */
export const tbankDecline = (status: string, errorCode: string | undefined): { reason: string; cause: Cause } => ({
    reason: declineReason(status, errorCode),
    cause: isCardCode(errorCode) ? tbankDeclines[errorCode][1] : 'money',
});

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
