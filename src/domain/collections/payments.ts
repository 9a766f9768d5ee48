import { z } from 'zod';
import { id, instant, optional, optionalText, signedMoney } from '../fields';
import { declare, ref } from './declare';

/** A correction fixes a payment or refund recorded wrong: the ledger is never edited, so the fix is a record too. */
export const paymentKinds = ['payment', 'refund', 'correction'] as const;
export const paymentMethods = ['cash', 'card', 'transfer', 'online'] as const;

type AmountOfKind = { kind: (typeof paymentKinds)[number]; amount: number };

/** Payments and refunds record money moving one way, so they are positive; a correction is signed. */
const amountFitsKind = ({ kind, amount }: AmountOfKind) => kind === 'correction' || amount > 0;

/** A correction by nothing would correct nothing. */
const correctionChanges = ({ kind, amount }: AmountOfKind) => kind !== 'correction' || amount !== 0;

export const paymentSchema = z
    .object({
        customerId: id,
        kind: z.enum(paymentKinds, { error: 'app.validation.choice' }).default('payment'),
        // Signed here so that stored corrections validate; the refines below hold the others positive.
        amount: signedMoney,
        method: z.enum(paymentMethods, { error: 'app.validation.choice' }),
        passId: optional(id),
        paymentLinkId: optionalText(64),
        paidAt: instant.optional(),
        note: optionalText(500),
        /** The payment or refund a correction corrects; null for anything else. */
        correctsId: optional(id),
    })
    .refine(amountFitsKind, { message: 'app.validation.positive', path: ['amount'] })
    .refine(correctionChanges, { message: 'app.validation.not_zero', path: ['amount'] });

export const payments = declare({
    schema: paymentSchema,
    // Who took the payment (null when the customer paid on the payment page themselves), and the fee it paid.
    server: { createdBy: id.nullable(), penaltyId: id.nullish() },
    // When it was paid: now, unless the client says when.
    kept: { paidAt: instant },
    sometimes: ['correctsId', 'penaltyId'],
    references: [
        ref('customerId', 'customers'),
        ref('passId', 'passes'),
        ref('paymentLinkId', 'paymentLinks'),
        ref('correctsId', 'payments'),
        ref('createdBy', 'users'),
        ref('penaltyId', 'penalties'),
    ],
    search: ['note'],
    idKind: 'integer',
});
