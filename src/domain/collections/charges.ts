import { z } from 'zod';
import { id, instant, isoDate, money } from '../fields';
import { paymentProviderNames } from './onlinePayments';
import { declare, ref } from './declare';

/** pending (asked, or about to be) → succeeded or declined; unknown (no answer) → reconciled into one of them. */
export const chargeStatuses = ['pending', 'succeeded', 'declined', 'unknown'] as const;
/** A decline for money is tried again (attempts 2-4); one for the card never is. */
export const declineCauses = ['money', 'card'] as const;

export const charges = declare({
    // A membership's renewal asked of its provider, written by the memberships job only, committed as
    // `pending` before the provider is asked; never changed or deleted through the list protocol.
    // The membership charged (no client writes one: the rules refuse every write).
    schema: z.object({ membershipId: id }),
    server: {
        /** The period it pays, and which try (1-4) of that period. */
        periodStart: isoDate,
        attempt: z.number().int().min(1).max(4),
        /** The provider's idempotence key and our order id: a per-database prefix, the membership, the period, the attempt. */
        key: z.string(),
        provider: z.enum(paymentProviderNames),
        paymentMethodId: id.nullable(),
        amount: money,
        status: z.enum(chargeStatuses),
        reason: z.string().nullable(),
        cause: z.enum(declineCauses).nullable(),
        providerPaymentId: z.string().nullable(),
        noticeMessageId: id.nullable(),
        paymentId: id.nullable(),
        settledAt: instant.nullable(),
    },
    references: [
        ref('membershipId', 'memberships'),
        ref('paymentMethodId', 'paymentMethods'),
        ref('noticeMessageId', 'messages'),
        ref('paymentId', 'payments'),
    ],
    unique: [['key']],
    indexed: ['status'],
    idKind: 'integer',
    addedLater: true,
});
