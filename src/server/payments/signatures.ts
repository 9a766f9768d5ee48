import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/*
 * How providers sign what they send and check what they receive: T-Bank's request and notice Token,
 * CloudPayments' notice HMAC and the built-in test provider's signature. Pure functions, so that the
 * providers' documented examples can be checked as they are.
 */

/**
 * T-Bank's `Token` of a request or notice: the root-level scalar parameters (objects and arrays such as
 * Receipt and DATA left out, and Token itself) with `Password` added, sorted by name, their values
 * joined (booleans as true/false, numbers in decimal), as the SHA-256 hex of that UTF-8 text.
 */
export const tbankToken = (params: Record<string, unknown>, password: string): string => {
    const values: Record<string, string> = { Password: password };
    for (const [key, value] of Object.entries(params)) {
        if (key === 'Token' || key === 'Password') continue;
        // A missing value (null, undefined) is left out as well: nothing of it could be joined.
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
            values[key] = String(value);
    }
    const joined = Object.keys(values)
        .sort()
        .map(key => values[key])
        .join('');
    return createHash('sha256').update(joined, 'utf8').digest('hex');
};

/**
 * CloudPayments' notice signature: base64 of HMAC-SHA256 of the message with the API secret. Its
 * `Content-HMAC` header is over the body's raw bytes as received (still URL-encoded for a form).
 */
export const cloudpaymentsHmac = (raw: Buffer | string, secret: string): string =>
    createHmac('sha256', secret).update(raw).digest('base64');

/** The test provider's `X-Test-Signature` of a notice body: `sha256=` and the hex HMAC-SHA256. */
export const testSignature = (raw: Buffer | string, secret: string): string =>
    `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/**
 * Whether a signature received is the one expected, compared in constant time so that the time taken
 * tells nothing of how much of it matched; texts of different lengths never match.
 */
export const sameSecret = (a: string, b: string): boolean => {
    const left = Buffer.from(a, 'utf8');
    const right = Buffer.from(b, 'utf8');
    return left.length === right.length && timingSafeEqual(left, right);
};
