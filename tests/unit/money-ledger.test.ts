import { describe, expect, it } from 'vitest';
import { checkCorrection, checkRefund, correctionSchema, refundable, refundSchema } from '../../src/domain/money';
import { paymentSchema } from '../../src/domain/schemas';
import type { Payment } from '../../src/domain/types';
import { validate } from '../../src/domain/validation';
import { buildPass, payment, refusal } from '../support/unit-money';

/*
 * The rules of the ledger: how much may be refunded, and how corrections change payments and refunds.
 */

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
