import { describe, expect, it } from 'vitest';
import { Attempts } from '../../src/server/http/attempts';
import {
    balanceDue,
    cardExpired,
    cardSchemaAt,
    checkDiscount,
    checkLinkOpen,
    checkPassPayment,
    checkRefund,
    formatCardNumberInput,
    formatExpiryInput,
    linkStatusAt,
    passMoney,
    paidOnline,
    passPaymentSchema,
    refundSchema,
    sellPassSchema,
} from '../../src/domain/money';
import { validate } from '../../src/domain/validation';
import { buildPlan, payment, refusal } from '../support/unit-money';

/*
 * The rules of paying: payment links and the test provider's card form, the limit on pay attempts, part
 * payments and discounts, and card expiry.
 */

/** The card form as the test provider's checkout page checks it on 23 November 2026. */
const cardSchema = cardSchemaAt(new Date('2026-11-23T12:00:00Z'));

describe('the life cycle of a payment link', () => {
    const link = { status: 'pending' as const, expiresAt: '2026-11-25T10:00:00.000Z' };

    it('is pending until its expiry and expired from that instant on', () => {
        expect(linkStatusAt(link, new Date('2026-11-25T09:59:59.999Z'))).toBe('pending');
        expect(linkStatusAt(link, new Date('2026-11-25T10:00:00.000Z'))).toBe('expired');
    });

    it('keeps paid and cancelled whatever the time', () => {
        expect(linkStatusAt({ ...link, status: 'paid' }, new Date('2027-01-01T00:00:00Z'))).toBe('paid');
        expect(linkStatusAt({ ...link, status: 'cancelled' }, new Date('2027-01-01T00:00:00Z'))).toBe('cancelled');
    });

    it('may be paid or cancelled only while pending', () => {
        const now = new Date('2026-11-24T00:00:00Z');
        expect(refusal(() => checkLinkOpen(link, now))).toBe('allowed');
        expect(refusal(() => checkLinkOpen({ ...link, status: 'paid' }, now))).toBe(
            'status: app.money.errors.link_paid',
        );
        expect(refusal(() => checkLinkOpen({ ...link, status: 'cancelled' }, now))).toBe(
            'status: app.money.errors.link_cancelled',
        );
        expect(refusal(() => checkLinkOpen(link, new Date('2026-11-26T00:00:00Z')))).toBe(
            'status: app.money.errors.link_expired',
        );
    });

    it('reads a test card with spaces, and refuses a malformed one', () => {
        expect(validate(cardSchema, { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' })).toMatchObject({
            ok: true,
            value: { cardNumber: '4242424242424242' },
        });
        expect(validate(cardSchema, { cardNumber: '4242', expiry: '13/30', cvc: '1' })).toEqual({
            ok: false,
            errors: {
                cardNumber: 'app.payment_page.errors.card_number',
                expiry: 'app.payment_page.errors.expiry',
                cvc: 'app.payment_page.errors.cvc',
            },
        });
    });
});

describe('pay attempts (no flood of payments at the provider)', () => {
    it('allows the limit within the window, then asks to wait until the oldest attempt leaves it', () => {
        const attempts = new Attempts(3, 60_000);
        const start = Date.parse('2026-05-01T10:00:00Z');
        [0, 10_000, 20_000].forEach(offset => {
            expect(attempts.retryAfter('address:1', start + offset)).toBe(0);
            attempts.record('address:1', start + offset);
        });
        expect(attempts.retryAfter('address:1', start + 30_000)).toBe(30);
        expect(attempts.retryAfter('address:2', start + 30_000)).toBe(0);
        expect(attempts.retryAfter('address:1', start + 60_000)).toBe(0);
    });
});

describe('part payments and discounts', () => {
    it('counts what came in for a pass and what was given back, each with its corrections, other passes ignored', () => {
        const ledger = [
            { ...payment('payment', 2000), id: 1 },
            { ...payment('correction', -100), id: 2, correctsId: 1 },
            { ...payment('refund', 300), id: 3 },
            { ...payment('correction', 50), id: 4, correctsId: 3 },
            { ...payment('payment', 999, 2), id: 5 },
            { ...payment('payment', 50, null), id: 6 },
        ];
        expect(passMoney(ledger, 1)).toEqual({ paid: 1900, refunded: 250 });
        expect(passMoney(ledger, 3)).toEqual({ paid: 0, refunded: 0 });
    });

    it('never turns a refund into a debt: a pass paid in full and partly refunded owes nothing', () => {
        const ledger = [
            { ...payment('payment', 2800), id: 1 },
            { ...payment('refund', 1000), id: 2 },
        ];
        const { paid, refunded } = passMoney(ledger, 1);
        expect(refunded).toBe(1000);
        expect(balanceDue({ price: 2800, cancelled: false }, paid)).toBe(0);
    });

    it('leaves the rest of the price due, never below nothing, and nothing on a cancelled pass', () => {
        expect(balanceDue({ price: 5200, cancelled: false }, 2000)).toBe(3200);
        expect(balanceDue({ price: 0.3, cancelled: false }, 0.1)).toBe(0.2);
        expect(balanceDue({ price: 5200, cancelled: false }, 6000)).toBe(0);
        expect(balanceDue({ price: 5200, cancelled: true }, 0)).toBe(0);
    });

    it('takes a payment of at most what is due, and only when something is', () => {
        expect(refusal(() => checkPassPayment(3200, 3200))).toBe('allowed');
        expect(refusal(() => checkPassPayment(3200.01, 3200))).toBe('amount: app.money.errors.more_than_due');
        expect(refusal(() => checkPassPayment(1, 0))).toBe('amount: app.money.errors.nothing_due');
        expect(validate(passPaymentSchema, { amount: 0, method: 'online' })).toEqual({
            ok: false,
            errors: { amount: 'app.validation.positive', method: 'app.validation.choice' },
        });
    });

    it('gives a discount only below the plan price, and only with a reason', () => {
        expect(refusal(() => checkDiscount(4000, buildPlan()))).toBe('allowed');
        expect(refusal(() => checkDiscount(0, buildPlan()))).toBe('allowed');
        expect(refusal(() => checkDiscount(5200, buildPlan()))).toBe('price: app.money.errors.discount_not_lower');
        const sale = { customerId: 1, subscriptionId: 2, startsOn: '2026-11-30', method: 'cash' };
        expect(validate(sellPassSchema, { ...sale, price: 4000 })).toEqual({
            ok: false,
            errors: { discountReason: 'app.money.errors.discount_needs_reason' },
        });
        expect(validate(sellPassSchema, { ...sale, price: 4000, discountReason: 'ok' })).toEqual({
            ok: false,
            errors: { discountReason: 'app.money.errors.reason_too_short' },
        });
        expect(validate(sellPassSchema, { ...sale, price: 4000, discountReason: 'Loyal customer' })).toMatchObject({
            ok: true,
            value: { price: 4000, discountReason: 'Loyal customer' },
        });
    });

    it('refunds online only what was paid online', () => {
        const online = [{ kind: 'payment' as const, amount: 5200, passId: 1, method: 'online' as const }];
        const cash = [{ kind: 'payment' as const, amount: 5200, passId: 2, method: 'cash' as const }];
        expect(paidOnline(online, 1)).toBe(true);
        expect(paidOnline(online, 2)).toBe(false);
        expect(paidOnline(online)).toBe(true);
        expect(
            refusal(() =>
                checkRefund({ amount: 100, method: 'online', passId: 2, cancelPass: false }, [...online, ...cash], {
                    cancelled: false,
                }),
            ),
        ).toBe('method: app.money.errors.no_online_payment');
        expect(
            refusal(() =>
                checkRefund({ amount: 100, method: 'online', passId: 1, cancelPass: false }, online, {
                    cancelled: false,
                }),
            ),
        ).toBe('allowed');
        expect(validate(refundSchema, { customerId: 1, amount: 10, method: 'online' })).toMatchObject({ ok: true });
    });
});

describe('card expiry', () => {
    const now = new Date('2026-11-23T12:00:00Z');

    it('keeps a card valid through its month, and refuses earlier months', () => {
        expect(cardExpired('11/26', now)).toBe(false);
        expect(cardExpired('12/26', now)).toBe(false);
        expect(cardExpired('10/26', now)).toBe(true);
        expect(cardExpired('12/25', now)).toBe(true);
        expect(cardExpired('01/27', now)).toBe(false);
    });

    it('refuses an expired card on its expiry, and a malformed one once', () => {
        const card = { cardNumber: '4242 4242 4242 4242', cvc: '123' };
        expect(validate(cardSchema, { ...card, expiry: '01/20' })).toEqual({
            ok: false,
            errors: { expiry: 'app.payment_page.errors.expired' },
        });
        expect(validate(cardSchema, { ...card, expiry: '1/30' })).toEqual({
            ok: false,
            errors: { expiry: 'app.payment_page.errors.expiry' },
        });
        expect(validate(cardSchema, { ...card, expiry: '12/30', cvc: '12a' })).toEqual({
            ok: false,
            errors: { cvc: 'app.payment_page.errors.cvc' },
        });
    });

    it('groups the card number in fours as the customer types, and reads the digits back', () => {
        expect(formatCardNumberInput('4242')).toBe('4242');
        expect(formatCardNumberInput('42424')).toBe('4242 4');
        expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
        expect(formatCardNumberInput('4242 4242 42-42 x')).toBe('4242 4242 4242');
        expect(formatCardNumberInput('12345678901234567890')).toBe('1234 5678 9012 3456 789');
        expect(formatCardNumberInput('ab')).toBe('');
        const typed = { cardNumber: formatCardNumberInput('4242424242424242'), expiry: '12/30', cvc: '123' };
        expect(validate(cardSchema, typed)).toMatchObject({
            ok: true,
            value: { cardNumber: '4242424242424242' },
        });
    });

    it('puts the slash in as the customer types', () => {
        expect(formatExpiryInput('1228')).toBe('12/28');
        expect(formatExpiryInput('12')).toBe('12');
        expect(formatExpiryInput('122')).toBe('12/2');
        expect(formatExpiryInput('4')).toBe('04');
        expect(formatExpiryInput('12/28')).toBe('12/28');
        expect(formatExpiryInput('12/289')).toBe('12/28');
        expect(formatExpiryInput('ab')).toBe('');
    });
});
