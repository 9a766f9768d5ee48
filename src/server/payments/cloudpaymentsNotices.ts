import type { IncomingHttpHeaders } from 'node:http';
import { minorOfText, toMinor, type Notice, type NoticeVerdict } from './provider';
import { cloudpaymentsDecline, cloudpaymentsSavedCard } from './cloudpaymentsCards';
import { cloudpaymentsHmac, sameSecret } from './signatures';

/*
 * Reading CloudPayments' notices (Check, Pay, Fail, Refund): a form or JSON body, signed with an HMAC of
 * the API secret in Content-HMAC (of the body as sent) or X-Content-HMAC (of its decoded form), and what
 * each says of a payment, with the reason a card was declined in words.
 */

/** A header's single value (Node gives an array for a header sent twice: then none counts). */
const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
};

/** A field of a notice as text, whether it came from a form (always text) or JSON (numbers too). */
const text = (fields: Record<string, unknown>, name: string): string | undefined => {
    const value = fields[name];
    if (typeof value === 'string') return value.trim() || undefined;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return undefined;
};

/**
 * An amount of a notice or answer in minor units: a number, or a decimal text with a point and at
 * most 2 decimals ("1500.00"); read as whole minor units without floating-point doubt.
 */
export const minorOf = (value: unknown): number | undefined => {
    if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? toMinor(value) : undefined;
    return typeof value === 'string' ? minorOfText(value) : undefined;
};

/** A transaction id: a positive whole number, as text. */
export const transactionId = (value: string | undefined): string | undefined =>
    value !== undefined && /^\d{1,19}$/.test(value) && !/^0+$/.test(value) ? value : undefined;

/** Whether a notice body is JSON: by its Content-Type, or (a form never starts so) by its first character. */
const isJson = (raw: Buffer, contentType: string | undefined) =>
    contentType?.toLowerCase().includes('json') || raw.toString('utf8').trimStart().startsWith('{');

/** The parameters of a notice body, or undefined when it cannot be read. */
const parseNotice = (raw: Buffer, json: boolean): Record<string, unknown> | undefined => {
    const body = raw.toString('utf8');
    if (!json) return Object.fromEntries(new URLSearchParams(body));
    try {
        const parsed: unknown = JSON.parse(body);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
            ? (parsed as Record<string, unknown>)
            : undefined;
    } catch {
        return undefined;
    }
};

/**
 * The message X-Content-HMAC signs: the parameters URL-decoded. A JSON body is not encoded, so it is
 * itself; a form is decoded as forms are ('+' a space). Undefined for a form that cannot be decoded.
 */
const decodedMessage = (raw: Buffer, json: boolean): string | undefined => {
    const body = raw.toString('utf8');
    if (json) return body;
    try {
        return decodeURIComponent(body.replace(/\+/g, ' '));
    } catch {
        return undefined;
    }
};

/**
 * Whether an InvoiceId is a membership charge's key ("1a2b3c4d-m12-20270131-1": the database's prefix, the
 * membership, the period, the try), not a payment link attempt's id: a renewal by token, which the
 * memberships job settles once, by the answer of tokens/charge or by asking; its Pay or Fail changes nothing here.
 */
const isRenewalKey = (invoiceId: string) => /^[0-9a-f]{8}-m\d+-\d{8}-\d+$/.test(invoiceId);

const unverified = (reason: string): NoticeVerdict => ({ verified: false, reason });
const verified = (notice: Notice): NoticeVerdict => ({ verified: true, notice });

/**
 * What a verified notice tells. CloudPayments posts each kind of notice to an address of its own set in
 * its cabinet, while this server takes all of them at one address; so the kind is read from the
 * fields each kind carries, as documented:
 * - Refund: OperationType 'Refund' (TransactionId is the refund's, PaymentTransactionId the payment's);
 * - Fail: Reason and a non-zero ReasonCode, and no Status, unlike the other notices of a payment;
 * - Pay: OperationType 'Payment', Status and GatewayName (the acquiring bank, required in Pay);
 * - Check: the same as Pay but without GatewayName, for it is sent before the bank is asked. Its
 *   Status is the one the payment will have if allowed ('Completed'), so Status cannot tell it apart.
 *   Reading a notice without GatewayName as a Check is the safe side: a Pay taken for a Check records
 *   nothing (the payment is found later by asking), while a Check taken for a Pay would record money
 *   not yet taken;
 * - Confirm (Status but no OperationType), Cancel, Recurrent and payouts change nothing here.
 */
const readNotice = (fields: Record<string, unknown>): NoticeVerdict => {
    const operation = text(fields, 'OperationType');
    const status = text(fields, 'Status');
    const amountMinor = minorOf(fields.Amount);
    const attemptId = text(fields, 'InvoiceId');
    const reasonCode = text(fields, 'ReasonCode');
    // A Fail has a ReasonCode (0 would be "approved") and, unlike the others, no Status.
    const failed =
        (reasonCode !== undefined && Number(reasonCode) !== 0) ||
        (reasonCode === undefined && status === undefined && text(fields, 'Reason') !== undefined);

    if (operation === 'Refund') {
        const refundId = transactionId(text(fields, 'TransactionId'));
        const paymentId = transactionId(text(fields, 'PaymentTransactionId'));
        // A refund that failed, or one asked about (Check) before it is made: the refund call's answer tells.
        if (failed || !text(fields, 'PaymentTransactionId'))
            return verified({ kind: 'ignored', why: failed ? 'a failed CloudPayments refund' : 'a Check of a refund' });
        if (!refundId || !paymentId || amountMinor === undefined)
            return unverified('a Refund notice without its TransactionId, PaymentTransactionId or Amount');
        return verified({
            kind: 'refund',
            providerPaymentId: paymentId,
            providerRefundId: refundId,
            // CloudPayments sends a Refund notice once the money is given back.
            status: 'succeeded',
            amountMinor,
        });
    }
    if (operation !== undefined && operation !== 'Payment')
        return verified({ kind: 'ignored', why: `CloudPayments operation ${operation}` });

    if (failed) {
        if (!attemptId) return verified({ kind: 'ignored', why: 'a Fail notice of a payment without our InvoiceId' });
        if (isRenewalKey(attemptId)) return verified({ kind: 'ignored', why: `a Fail notice of renewal ${attemptId}` });
        const paymentId = transactionId(text(fields, 'TransactionId'));
        const currency = text(fields, 'Currency');
        if (!paymentId || amountMinor === undefined || !currency)
            return unverified('a Fail notice without its TransactionId, Amount or Currency');
        return verified({
            kind: 'payment',
            providerPaymentId: paymentId,
            attemptId,
            status: 'declined',
            amountMinor,
            currency,
            // In the words of the decline codes' list (5051 insufficient_funds…); a code not in it: general_decline.
            reason: cloudpaymentsDecline(reasonCode).reason,
        });
    }

    if (operation === undefined)
        return verified({
            kind: 'ignored',
            why: status ? `CloudPayments Confirm (${status})` : 'a CloudPayments notice of no payment',
        });

    if (!text(fields, 'GatewayName')) {
        if (amountMinor === undefined) return unverified('a Check notice without its Amount');
        // A renewal is charged by the server itself: its Check (if the cabinet sends Checks for payments by
        // token) is agreed to, and the charge's own answer settles it.
        if (attemptId && isRenewalKey(attemptId))
            return verified({ kind: 'ignored', why: `a Check of renewal ${attemptId}` });
        // A Check of a payment without our InvoiceId names no attempt: the server answers it "wrong order".
        return verified({ kind: 'check', attemptId: attemptId ?? '', amountMinor });
    }

    // Two-stage payments are never asked for: an authorization alone takes no money.
    if (status !== 'Completed')
        return verified({ kind: 'ignored', why: `CloudPayments Pay with status ${status ?? 'none'}` });
    if (!attemptId) return verified({ kind: 'ignored', why: 'a Pay notice of a payment without our InvoiceId' });
    if (isRenewalKey(attemptId)) return verified({ kind: 'ignored', why: `a Pay notice of renewal ${attemptId}` });
    const paymentId = transactionId(text(fields, 'TransactionId'));
    const currency = text(fields, 'Currency');
    if (!paymentId || amountMinor === undefined || !currency)
        return unverified('a Pay notice without its TransactionId, Amount or Currency');
    // A payment made on an account (a membership's first) leaves the card's Token for the renewals.
    const savedCard = cloudpaymentsSavedCard(fields);
    return verified({
        kind: 'payment',
        providerPaymentId: paymentId,
        attemptId,
        status: 'succeeded',
        amountMinor,
        currency,
        ...(savedCard ? { savedCard } : {}),
    });
};

/**
 * A notice as CloudPayments signs it: Content-HMAC over the body's bytes as they came (still URL-encoded
 * for a form), or X-Content-HMAC over its decoded form; then what it says. One that fails is not believed.
 */
export const verifyNotice = (raw: Buffer, headers: IncomingHttpHeaders, apiSecret: string): NoticeVerdict => {
    const json = isJson(raw, header(headers, 'content-type'));
    const signed = header(headers, 'content-hmac');
    const decodedSigned = header(headers, 'x-content-hmac');
    if (signed !== undefined) {
        // Over the body's bytes as they came: still URL-encoded for a form.
        if (!sameSecret(cloudpaymentsHmac(raw, apiSecret), signed.trim()))
            return unverified('the Content-HMAC does not match');
    } else if (decodedSigned !== undefined) {
        const message = decodedMessage(raw, json);
        if (message === undefined) return unverified('a form body that cannot be decoded');
        if (!sameSecret(cloudpaymentsHmac(Buffer.from(message, 'utf8'), apiSecret), decodedSigned.trim()))
            return unverified('the X-Content-HMAC does not match');
    } else return unverified('no Content-HMAC');
    const fields = parseNotice(raw, json);
    if (!fields) return unverified('a body that is not a JSON object');
    return readNotice(fields);
};
