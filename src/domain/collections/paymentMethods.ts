import { z } from 'zod';
import { id, instant, isoDate } from '../fields';
import { paymentProviderNames } from './onlinePayments';
import { declare, ref } from './declare';

/** A saved card: charged while `active`; `removed` by its payer or for good by the provider; `expired`. */
export const paymentMethodStatuses = ['active', 'removed', 'expired'] as const;

export const paymentMethods = declare({
    // Saved by a membership's first payment, never written through the list protocol: removed by the payer
    // in the portal (DELETE /api/portal/payment-methods/:id) or by the provider's answer to a charge.
    // The payer, whose card it is (no client writes one: the rules refuse every write).
    schema: z.object({ customerId: id }),
    server: {
        provider: z.enum(paymentProviderNames),
        /** As the payer knows it: "Mir •• 4242". */
        title: z.string(),
        /** The last day the card is valid, when the provider told it. */
        expiresOn: isoDate.nullable(),
        status: z.enum(paymentMethodStatuses),
        removedAt: instant.nullable(),
        /** When the payer was told the card expires in 7 days. */
        expiryWarnedAt: instant.nullable(),
    },
    // What charges the card: ЮKassa payment_method.id, CloudPayments Token, T-Bank RebillId, with the key of
    // the payer's account at the provider (CloudPayments AccountId, T-Bank CustomerKey). Deleted on removal.
    hidden: { token: z.string().nullable(), payerKey: z.string().nullable() },
    references: [ref('customerId', 'customers')],
    indexed: ['status'],
    idKind: 'integer',
    addedLater: true,
});
