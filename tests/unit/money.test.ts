import { describe, expect, it } from 'vitest';
import { Attempts } from '../../src/server/attempts';
import {
    balanceDue,
    cardExpired,
    cardSchema,
    checkCorrection,
    checkDiscount,
    checkPassPayment,
    formatExpiryInput,
    paidForPass,
    paidOnline,
    passPaymentSchema,
    checkLinkOpen,
    checkRefund,
    linkStatusAt,
    correctionSchema,
    MoneyRuleError,
    passForSale,
    refundable,
    refundSchema,
    sellPassSchema,
} from '../../src/domain/money';
import { canFreeze, canUnfreeze, freezePass, freezeSchema, unfreezePass } from '../../src/domain/freezes';
import { frozenPassOn, passStateOn, whyNoneCharged, whyNotCharged } from '../../src/domain/passes';
import { paymentSchema } from '../../src/domain/schemas';
import type { Pass, Payment, Subscription } from '../../src/domain/types';
import { validate } from '../../src/domain/validation';

const buildPlan = (fields: Partial<Subscription> = {}): Subscription => ({
    id: 3,
    createdAt: '2026-07-26T06:30:00.000Z',
    name: '8 занятий',
    price: 5200,
    visits: 8,
    validityDays: 35,
    directionIds: [1],
    freezeDays: 7,
    trial: false,
    active: true,
    ...fields,
});

const buildPass = (fields: Partial<Pass> = {}): Pass => ({
    id: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...passForSale(buildPlan(), 5, '2026-11-01'),
    ...fields,
});

const payment = (kind: Payment['kind'], amount: number, passId: number | null = 1) => ({ kind, amount, passId });

/** The message key of the rule a call breaks. */
const refusal = (rule: () => unknown) => {
    try {
        rule();
    } catch (error) {
        if (error instanceof MoneyRuleError) return `${error.field}: ${error.key}`;
        throw error;
    }
    return 'allowed';
};

describe('selling a plan', () => {
    it('copies the plan and ends validityDays later, both ends included', () => {
        const pass = passForSale(buildPlan(), 5, '2026-11-01');
        expect(pass).toMatchObject({
            customerId: 5,
            subscriptionId: 3,
            name: '8 занятий',
            price: 5200,
            visitsTotal: 8,
            directionIds: [1],
            visitsUsed: 0,
            cancelled: false,
        });
        expect(pass.endsOn).toBe('2026-12-05');
        expect(passStateOn(pass, '2026-12-05')).toBe('active');
        expect(passStateOn(pass, '2026-12-06')).toBe('expired');
    });

    it('a one-day plan ends the day it starts, across a month and a leap day', () => {
        expect(passForSale(buildPlan({ validityDays: 1 }), 5, '2026-11-30').endsOn).toBe('2026-11-30');
        expect(passForSale(buildPlan({ validityDays: 30 }), 5, '2028-02-01').endsOn).toBe('2028-03-01');
        expect(passForSale(buildPlan({ visits: null }), 5, '2026-11-01').visitsTotal).toBeNull();
    });

    it('takes a discounted price and validates the request', () => {
        expect(passForSale(buildPlan(), 5, '2026-11-01', { price: 4000, reason: 'Loyal customer' })).toMatchObject({
            price: 4000,
            discountReason: 'Loyal customer',
        });
        expect(passForSale(buildPlan(), 5, '2026-11-01')).toMatchObject({ price: 5200, discountReason: null });
        expect(
            validate(sellPassSchema, { customerId: 1, subscriptionId: 2, startsOn: '2026-11-31', method: 'cash' }),
        ).toEqual({ ok: false, errors: { startsOn: 'app.validation.date' } });
        expect(
            validate(sellPassSchema, { customerId: 1, subscriptionId: 2, startsOn: '2026-11-30', method: 'online' }),
        ).toEqual({ ok: false, errors: { method: 'app.validation.choice' } });
        expect(
            validate(sellPassSchema, {
                customerId: 1,
                subscriptionId: 2,
                startsOn: '2026-11-30',
                method: 'card',
                amount: '',
            }),
        ).toMatchObject({ ok: true, value: { amount: null } });
    });
});

describe('freezing a pass', () => {
    it('sets the freeze and moves the end by the frozen days', () => {
        expect(freezePass(buildPass(), 7, '2026-11-10', '2026-11-16')).toEqual({
            frozenFrom: '2026-11-10',
            frozenTo: '2026-11-16',
            endsOn: '2026-12-12',
        });
        const frozen = { ...buildPass(), ...freezePass(buildPass(), 7, '2026-11-10', '2026-11-10') };
        expect(frozen.endsOn).toBe('2026-12-06');
        expect(['2026-11-09', '2026-11-10', '2026-11-11'].map(date => passStateOn(frozen, date))).toEqual([
            'active',
            'frozen',
            'active',
        ]);
    });

    it('allows exactly freezeDays and no more', () => {
        expect(refusal(() => freezePass(buildPass(), 7, '2026-11-10', '2026-11-16'))).toBe('allowed');
        expect(refusal(() => freezePass(buildPass(), 7, '2026-11-10', '2026-11-17'))).toBe(
            'to: app.money.errors.freeze_too_long',
        );
        expect(refusal(() => freezePass(buildPass(), 0, '2026-11-10', '2026-11-10'))).toBe(
            'from: app.money.errors.not_freezable',
        );
    });

    it('starts inside the pass dates, both ends included', () => {
        expect(refusal(() => freezePass(buildPass(), 7, '2026-11-01', '2026-11-02'))).toBe('allowed');
        expect(refusal(() => freezePass(buildPass(), 7, '2026-12-05', '2026-12-06'))).toBe('allowed');
        expect(refusal(() => freezePass(buildPass(), 7, '2026-10-31', '2026-11-02'))).toBe(
            'from: app.money.errors.freeze_outside',
        );
        expect(refusal(() => freezePass(buildPass(), 7, '2026-12-06', '2026-12-07'))).toBe(
            'from: app.money.errors.freeze_outside',
        );
    });

    it('refuses a cancelled, used up or already frozen pass', () => {
        expect(refusal(() => freezePass(buildPass({ cancelled: true }), 7, '2026-11-10', '2026-11-11'))).toBe(
            'from: app.money.errors.pass_cancelled',
        );
        expect(refusal(() => freezePass(buildPass({ visitsUsed: 8 }), 7, '2026-11-10', '2026-11-11'))).toBe(
            'from: app.money.errors.used_up',
        );
        expect(
            refusal(() =>
                freezePass(
                    buildPass({ frozenFrom: '2026-11-03', frozenTo: '2026-11-04' }),
                    7,
                    '2026-11-10',
                    '2026-11-11',
                ),
            ),
        ).toBe('from: app.money.errors.already_frozen');
    });

    it('validates the range', () => {
        expect(validate(freezeSchema, { from: '2026-11-10', to: '2026-11-09' })).toEqual({
            ok: false,
            errors: { to: 'app.validation.ends_before_start' },
        });
    });
});

describe('what the screen offers', () => {
    const passes = [
        buildPass(),
        buildPass({ cancelled: true }),
        buildPass({ visitsUsed: 8 }),
        buildPass({ frozenFrom: '2026-11-03', frozenTo: '2026-11-04' }),
        buildPass({ frozenFrom: '2026-11-20', frozenTo: '2026-11-25' }),
        buildPass({ frozenFrom: '2026-11-20', frozenTo: '2026-11-25', cancelled: true }),
    ];
    const days = ['2026-10-30', '2026-11-01', '2026-11-21', '2026-12-05', '2026-12-06'];

    it('offers Freeze exactly when a freeze from that day would be taken, never for a plan without freeze days', () => {
        for (const pass of passes) {
            for (const today of days) {
                for (const freezeDays of [0, 7]) {
                    const taken =
                        refusal(() =>
                            freezePass(
                                pass,
                                freezeDays,
                                today < pass.startsOn ? pass.startsOn : today,
                                today < pass.startsOn ? pass.startsOn : today,
                            ),
                        ) === 'allowed';
                    expect(canFreeze(pass, freezeDays, today), `${JSON.stringify(pass)} ${today} ${freezeDays}`).toBe(
                        taken,
                    );
                }
            }
        }
    });

    it('offers Unfreeze exactly when unfreezing that day would be taken, never on a cancelled pass', () => {
        for (const pass of passes) {
            for (const today of days) {
                const taken = !pass.cancelled && refusal(() => unfreezePass(pass, today)) === 'allowed';
                expect(canUnfreeze(pass, today), `${JSON.stringify(pass)} ${today}`).toBe(taken);
            }
        }
    });
});

describe('unfreezing a pass', () => {
    const frozen = buildPass({ frozenFrom: '2026-11-10', frozenTo: '2026-11-16', endsOn: '2026-12-12' });

    it('early gives the unused days back', () => {
        expect(unfreezePass(frozen, '2026-11-13')).toEqual({
            frozenFrom: '2026-11-10',
            frozenTo: '2026-11-12',
            endsOn: '2026-12-08',
        });
    });

    it('on the last frozen day gives one day back', () => {
        expect(unfreezePass(frozen, '2026-11-16')).toEqual({
            frozenFrom: '2026-11-10',
            frozenTo: '2026-11-15',
            endsOn: '2026-12-11',
        });
    });

    it('on or before the first frozen day removes the freeze and every day of it', () => {
        const removed = { frozenFrom: null, frozenTo: null, endsOn: '2026-12-05' };
        expect(unfreezePass(frozen, '2026-11-10')).toEqual(removed);
        expect(unfreezePass(frozen, '2026-11-02')).toEqual(removed);
    });

    it('refuses a pass without a freeze or after the freeze is over', () => {
        expect(refusal(() => unfreezePass(buildPass(), '2026-11-10'))).toBe('on: app.money.errors.not_frozen');
        expect(refusal(() => unfreezePass(frozen, '2026-11-17'))).toBe('on: app.money.errors.freeze_over');
    });
});

describe('refunds', () => {
    const payments = [
        payment('payment', 5200),
        payment('refund', 1200),
        payment('payment', 800, 2),
        payment('payment', 300, null),
    ];

    it('may return what was paid less what was refunded, by pass or in all', () => {
        expect(refundable(payments, 1)).toBe(4000);
        expect(refundable(payments)).toBe(5100);
        expect(refundable([payment('payment', 0.1), payment('payment', 0.2)], 1)).toBe(0.3);
    });

    it('refuses more than may be returned, exactly the rest is fine', () => {
        expect(refusal(() => checkRefund({ amount: 4000, passId: 1, cancelPass: true }, payments, buildPass()))).toBe(
            'allowed',
        );
        expect(
            refusal(() => checkRefund({ amount: 4000.01, passId: 1, cancelPass: false }, payments, buildPass())),
        ).toBe('amount: app.money.errors.refund_too_large');
        expect(refusal(() => checkRefund({ amount: 5100, passId: null, cancelPass: false }, payments))).toBe('allowed');
    });

    it('counts refunds for a pass and for the customer against each other', () => {
        // Sold for 5,200, then 5,200 given back without naming the pass: nothing is left to give back for it.
        const wide = [payment('payment', 5200), payment('refund', 5200, null)];
        expect(refundable(wide, 1)).toBe(0);
        expect(refusal(() => checkRefund({ amount: 5200, passId: 1, cancelPass: true }, wide, buildPass()))).toBe(
            'amount: app.money.errors.refund_too_large',
        );
        expect(refusal(() => checkRefund({ amount: 0.01, passId: 1, cancelPass: false }, wide, buildPass()))).toBe(
            'amount: app.money.errors.refund_too_large',
        );
        // And the other way round: 5,200 given back for the pass leaves nothing for the customer.
        const tied = [payment('payment', 5200), payment('refund', 5200)];
        expect(refundable(tied)).toBe(0);
        expect(refusal(() => checkRefund({ amount: 5200, passId: null, cancelPass: false }, tied))).toBe(
            'amount: app.money.errors.refund_too_large',
        );
        // Two passes paid, half returned in general: a pass may still be refunded up to what is left in all.
        const two = [payment('payment', 5200), payment('payment', 5200, 2), payment('refund', 7000, null)];
        expect(refundable(two, 1)).toBe(3400);
        expect(refundable(two, 2)).toBe(3400);
        expect(refusal(() => checkRefund({ amount: 3400, passId: 1, cancelPass: true }, two, buildPass()))).toBe(
            'allowed',
        );
        expect(
            refusal(() => checkRefund({ amount: 3400.01, passId: 2, cancelPass: false }, two, buildPass({ id: 2 }))),
        ).toBe('amount: app.money.errors.refund_too_large');
    });

    it('refuses another customer\u2019s pass and cancelling a cancelled pass', () => {
        expect(refusal(() => checkRefund({ amount: 100, passId: 9, cancelPass: false }, payments, undefined))).toBe(
            'passId: app.money.errors.not_customers_pass',
        );
        expect(
            refusal(() =>
                checkRefund({ amount: 100, passId: 1, cancelPass: true }, payments, buildPass({ cancelled: true })),
            ),
        ).toBe('cancelPass: app.money.errors.pass_cancelled');
    });

    it('validates the request: positive amount, cancelling needs a pass', () => {
        expect(validate(refundSchema, { customerId: 1, amount: 0, method: 'cash' })).toEqual({
            ok: false,
            errors: { amount: 'app.validation.positive' },
        });
        expect(validate(refundSchema, { customerId: 1, amount: 10, method: 'cash', cancelPass: true })).toEqual({
            ok: false,
            errors: { passId: 'app.money.errors.cancel_needs_pass' },
        });
    });
});

describe('corrections of the ledger', () => {
    /** A ledger entry with an id, as corrections point at entries. */
    const entry = (
        id: number,
        kind: Payment['kind'],
        amount: number,
        passId: number | null = 1,
        correctsId: number | null = null,
    ) => ({ id, kind, amount, passId, correctsId });
    const sold = entry(1, 'payment', 5200);
    const refunded = entry(2, 'refund', 1200);

    it('count in the balance with their sign, for the pass of the entry they correct', () => {
        const ledger = [sold, refunded, entry(3, 'correction', -200, 1, 1), entry(4, 'correction', 100, 1, 2)];
        expect(refundable(ledger, 1)).toBe(3900);
        expect(refundable(ledger)).toBe(3900);
        expect(refundable(ledger, 2)).toBe(0);
    });

    it('may take a payment down to nothing, not below, its earlier corrections counted', () => {
        expect(refusal(() => checkCorrection(sold, [sold], -200))).toBe('allowed');
        expect(refusal(() => checkCorrection(sold, [sold], 300))).toBe('allowed');
        expect(refusal(() => checkCorrection(sold, [sold], -5200))).toBe('allowed');
        expect(refusal(() => checkCorrection(sold, [sold], -5200.01))).toBe(
            'amount: app.money.errors.correction_too_large',
        );
        const corrected = [sold, entry(3, 'correction', -5000, 1, 1)];
        expect(refusal(() => checkCorrection(sold, corrected, -200))).toBe('allowed');
        expect(refusal(() => checkCorrection(sold, corrected, -200.01))).toBe(
            'amount: app.money.errors.correction_too_large',
        );
    });

    it('read a refund the other way round: + means less was given back, down to nothing', () => {
        const ledger = [sold, refunded];
        expect(refusal(() => checkCorrection(refunded, ledger, 1200))).toBe('allowed');
        expect(refusal(() => checkCorrection(refunded, ledger, 1200.01))).toBe(
            'amount: app.money.errors.correction_too_large',
        );
        // More given back than recorded: at most what is left of the payment.
        expect(refusal(() => checkCorrection(refunded, ledger, -4000))).toBe('allowed');
        expect(refusal(() => checkCorrection(refunded, ledger, -4000.01))).toBe(
            'amount: app.money.errors.correction_too_large',
        );
    });

    it('never leave the customer, or the pass, given back more than they paid', () => {
        // 5,200 paid, 5,000 given back in general: the payment may come down by 200 at most.
        const wide = [sold, entry(2, 'refund', 5000, null)];
        expect(refusal(() => checkCorrection(sold, wide, -200))).toBe('allowed');
        expect(refusal(() => checkCorrection(sold, wide, -200.01))).toBe(
            'amount: app.money.errors.correction_too_large',
        );
        // Another pass's money does not cover this one's: 200 are left on pass 1 though 1,000 are left in all.
        const two = [sold, entry(2, 'payment', 800, 2), entry(3, 'refund', 5000)];
        expect(refusal(() => checkCorrection(sold, two, -200))).toBe('allowed');
        expect(refusal(() => checkCorrection(sold, two, -300))).toBe('amount: app.money.errors.correction_too_large');
        // A correction that adds money is never refused for a balance that was short already.
        expect(refusal(() => checkCorrection(sold, [sold, entry(2, 'refund', 5300)], 100))).toBe('allowed');
    });

    it('are not corrected themselves', () => {
        const correction = entry(3, 'correction', -200, 1, 1);
        expect(refusal(() => checkCorrection(correction, [sold, correction], 100))).toBe(
            'correctsId: app.money.errors.correct_correction',
        );
    });

    it('validate the request: a signed amount in cents that is not zero, and a reason of 3 to 500 characters', () => {
        expect(validate(correctionSchema, { amount: -200, reason: 'Typo' })).toEqual({
            ok: true,
            value: { amount: -200, reason: 'Typo' },
        });
        expect(validate(correctionSchema, { amount: 0, reason: 'Typo' })).toEqual({
            ok: false,
            errors: { amount: 'app.validation.not_zero' },
        });
        expect(validate(correctionSchema, { amount: -0.005, reason: 'Typo' })).toEqual({
            ok: false,
            errors: { amount: 'app.validation.cents' },
        });
        expect(validate(correctionSchema, { amount: 10 })).toEqual({
            ok: false,
            errors: { reason: 'ra.validation.required' },
        });
        expect(validate(correctionSchema, { amount: 10, reason: '  ab  ' })).toEqual({
            ok: false,
            errors: { reason: 'app.money.errors.reason_too_short' },
        });
        expect(validate(correctionSchema, { amount: 10, reason: 'x'.repeat(501) })).toEqual({
            ok: false,
            errors: { reason: 'app.validation.too_long' },
        });
    });

    it('are stored with a signed amount, while payments and refunds stay positive', () => {
        const stored = { customerId: 1, amount: -200, method: 'cash', passId: 1, correctsId: 1 };
        expect(validate(paymentSchema, { ...stored, kind: 'correction' }).ok).toBe(true);
        expect(validate(paymentSchema, { ...stored, kind: 'correction', amount: 0 })).toEqual({
            ok: false,
            errors: { amount: 'app.validation.not_zero' },
        });
        for (const kind of ['payment', 'refund']) {
            expect(validate(paymentSchema, { ...stored, kind, correctsId: null })).toEqual({
                ok: false,
                errors: { amount: 'app.validation.positive' },
            });
        }
    });
});

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

describe('pay attempts (card testing protection)', () => {
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
    it('counts what came in for a pass: payments and corrections less refunds, other passes ignored', () => {
        const ledger = [
            payment('payment', 2000),
            payment('correction', -100),
            payment('refund', 300),
            payment('payment', 999, 2),
            payment('payment', 50, null),
        ];
        expect(paidForPass(ledger, 1)).toBe(1600);
        expect(paidForPass(ledger, 3)).toBe(0);
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

describe('settling a debt', () => {
    const pass = buildPass({ startsOn: '2026-11-01', endsOn: '2026-12-05', directionIds: [1] });

    it('names why a pass cannot pay for a visit', () => {
        expect(whyNotCharged(pass, '2026-11-10', 1)).toBeNull();
        expect(whyNotCharged(pass, '2026-11-10', 2)).toBe('no_covering_pass');
        expect(whyNotCharged(pass, '2026-10-31', 1)).toBe('no_covering_pass');
        expect(whyNotCharged({ ...pass, cancelled: true }, '2026-11-10', 1)).toBe('no_covering_pass');
        expect(whyNotCharged({ ...pass, frozenFrom: '2026-11-09', frozenTo: '2026-11-12' }, '2026-11-10', 1)).toBe(
            'pass_frozen',
        );
        expect(whyNotCharged({ ...pass, visitsUsed: 8 }, '2026-11-10', 1)).toBe('no_visits_left');
    });

    it('tells the reason nearest to paying when no pass can, and finds the frozen one', () => {
        const frozen = { ...pass, id: 2, frozenFrom: '2026-11-09', frozenTo: '2026-11-12' };
        const usedUp = { ...pass, id: 3, visitsUsed: 8 };
        expect(whyNoneCharged([usedUp, frozen], '2026-11-10', 1)).toBe('pass_frozen');
        expect(whyNoneCharged([usedUp], '2026-11-10', 1)).toBe('no_visits_left');
        expect(whyNoneCharged([], '2026-11-10', 1)).toBe('no_covering_pass');
        expect(frozenPassOn([usedUp, frozen], '2026-11-10', 1)?.id).toBe(2);
        expect(frozenPassOn([usedUp, frozen], '2026-11-13', 1)).toBeUndefined();
    });
});
