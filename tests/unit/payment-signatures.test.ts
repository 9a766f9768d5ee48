import { describe, expect, it } from 'vitest';
import { cloudpaymentsHmac, sameSecret, tbankToken, testSignature } from '../../src/server/payments/signatures';

/*
 * The providers' signatures, checked against the examples of their documentation: a token or HMAC
 * computed otherwise would have every request refused and every genuine notice taken for a forgery.
 */

describe("T-Bank's token", () => {
    it('is the documented one of an Init request, its receipt and data left out', () => {
        const init = {
            TerminalKey: 'MerchantTerminalKey',
            Amount: 19200,
            OrderId: '21090',
            Description: 'Подарочная карта на 1000 рублей',
            DATA: { Phone: '+71234567890', Email: 'a@test.com' },
            Receipt: { Email: 'a@test.ru', Taxation: 'osn', Items: [{ Name: 'Наименование товара 1', Price: 10000 }] },
        };
        expect(tbankToken(init, 'usaf8fw8fsw21g')).toBe(
            '0024a00af7c350a3a67ca168ce06502aa72772456662e38696d48b56ee9c97d9',
        );
    });

    it('is the documented one of a notice, booleans and numbers as text and its own Token left out', () => {
        const notice = {
            TerminalKey: '1321054611234DEMO',
            OrderId: '201709',
            Success: true,
            Status: 'AUTHORIZED',
            PaymentId: 8742591,
            ErrorCode: '0',
            Amount: 9855,
            CardId: 322264,
            Pan: '430000******0777',
            ExpDate: '1122',
            RebillId: 101709,
            Token: 'b906d28e76c6428e37b25fcf86c0adc52c63d503013fdd632e300593d165766b',
            DATA: { attemptId: 'abc' },
        };
        expect(tbankToken(notice, 'Dfsfh56dgKl')).toBe(notice.Token);
    });

    it('changes with any value, and with the password', () => {
        const params = { TerminalKey: 'T', Amount: 150000, OrderId: 'a1', Success: false };
        const token = tbankToken(params, 'secret');
        expect(tbankToken({ ...params, Amount: 150001 }, 'secret')).not.toBe(token);
        expect(tbankToken({ ...params, Success: true }, 'secret')).not.toBe(token);
        expect(tbankToken(params, 'other')).not.toBe(token);
        // The order the parameters come in does not count: they are sorted by name.
        expect(tbankToken({ Success: false, OrderId: 'a1', Amount: 150000, TerminalKey: 'T' }, 'secret')).toBe(token);
    });
});

describe("CloudPayments' notice HMAC", () => {
    const secret = 'api_secret_test';
    const form =
        'TransactionId=1001&Amount=1500.00&Currency=RUB&InvoiceId=att_abc&Status=Completed&OperationType=Payment' +
        '&Description=%D0%90%D0%B1%D0%BE%D0%BD%D0%B5%D0%BC%D0%B5%D0%BD%D1%82';

    it('is Content-HMAC over the raw form body, as bytes or text', () => {
        expect(cloudpaymentsHmac(Buffer.from(form), secret)).toBe('oAwaOWgT9/cS98p0jXB2D0uyE+xhiqjalVJ99+ZZUGY=');
        expect(cloudpaymentsHmac(form, secret)).toBe('oAwaOWgT9/cS98p0jXB2D0uyE+xhiqjalVJ99+ZZUGY=');
    });

    it('differs from X-Content-HMAC, which is over the decoded parameters', () => {
        expect(cloudpaymentsHmac(decodeURIComponent(form), secret)).toBe(
            'ABjtuBHrcECiDrkXLzXKoHOOrgfjW5/4ORHSGUF3zuI=',
        );
        expect(cloudpaymentsHmac(form, 'another secret')).not.toBe('oAwaOWgT9/cS98p0jXB2D0uyE+xhiqjalVJ99+ZZUGY=');
    });
});

describe("the test provider's signature", () => {
    it('is sha256= and the hex HMAC of the body', () => {
        const body = '{"event":"payment.succeeded"}';
        const signature = testSignature(body, 'secret');
        expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
        expect(testSignature(Buffer.from(body), 'secret')).toBe(signature);
        expect(testSignature(body, 'other')).not.toBe(signature);
    });
});

describe('comparing a signature received with the one expected', () => {
    it('matches only the same text', () => {
        expect(sameSecret('sha256=abc', 'sha256=abc')).toBe(true);
        expect(sameSecret('sha256=abc', 'sha256=abd')).toBe(false);
        expect(sameSecret('Абонемент', 'Абонемент')).toBe(true);
    });

    it('never matches a text of another length, an empty one included', () => {
        expect(sameSecret('sha256=abc', 'sha256=ab')).toBe(false);
        expect(sameSecret('', 'sha256=abc')).toBe(false);
        // As many characters, not as many bytes (Cyrillic letters take two in UTF-8).
        expect(sameSecret('ab', 'аб')).toBe(false);
    });
});
