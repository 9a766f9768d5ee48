import { z } from 'zod';
import { id, isoDate, money, nonZeroMoney, optional, optionalText, positiveMoney, requiredText } from './fields';
import { paymentMethods } from './schemas';

/*
 * What the desk's money dialogs send: a sale, a payment of what is due, a refund and a correction. The
 * card validates its dialogs with these schemas and the server its requests.
 */

/** Staff take cash, card or transfer at the desk; `online` is only what a payment link records. */
export const deskPaymentMethods = [
    'cash',
    'card',
    'transfer',
] as const satisfies readonly (typeof paymentMethods)[number][];
const deskMethod = z.enum(deskPaymentMethods, { error: 'app.validation.choice' });

/**
 * A refund may also go back online, to the card a payment link charged: the schema takes it, and
 * `checkRefund` allows it only where an online payment was made (the pass's, or the customer's).
 */
export const refundMethods = [
    ...deskPaymentMethods,
    'online',
] as const satisfies readonly (typeof paymentMethods)[number][];

/** Why a price is lower than the plan's: said by whoever gives the discount, kept on the pass. */
const discountReason = optionalText(500).refine(
    value => value == null || value.length >= 3,
    'app.money.errors.reason_too_short',
);

export const sellPassSchema = z
    .object({
        customerId: id,
        subscriptionId: id,
        startsOn: isoDate,
        method: deskMethod,
        /**
         * What the customer pays now: the pass's price when left out; less is a part payment, the rest
         * stays due on the pass; 0 records no payment.
         */
        amount: optional(money),
        /** A discount: the pass's price when it is lower than the plan's; needs `discountReason`. */
        price: optional(money),
        discountReason,
    })
    .refine(value => value.price == null || value.discountReason != null, {
        message: 'app.money.errors.discount_needs_reason',
        path: ['discountReason'],
    });
export type SellPassInput = z.output<typeof sellPassSchema>;

/** Paying what is still due on a pass, at the desk. */
export const passPaymentSchema = z.object({
    amount: positiveMoney,
    method: deskMethod,
});
export type PassPaymentInput = z.output<typeof passPaymentSchema>;

export const refundSchema = z
    .object({
        customerId: id,
        amount: positiveMoney,
        method: z.enum(refundMethods, { error: 'app.validation.choice' }),
        passId: optional(id),
        cancelPass: z.boolean().default(false),
        note: optionalText(500),
    })
    .refine(value => !value.cancelPass || value.passId != null, {
        message: 'app.money.errors.cancel_needs_pass',
        path: ['passId'],
    });
export type RefundInput = z.output<typeof refundSchema>;

/** Why and by how much a payment or refund is corrected: the amount is signed, the reason is kept as the correction's note. */
export const correctionSchema = z.object({
    amount: nonZeroMoney,
    reason: requiredText(500).min(3, 'app.money.errors.reason_too_short'),
});
export type CorrectionInput = z.output<typeof correctionSchema>;
