import { z } from 'zod';
import { id, isoDate, money, optional, optionalText, requiredText, startsBeforeEnd } from '../fields';
import { declare, ref } from './declare';
import { visits } from './subscriptions';

const frozenInOrder = (value: { frozenFrom?: string | null; frozenTo?: string | null }) =>
    (value.frozenFrom == null) === (value.frozenTo == null) &&
    (!value.frozenFrom || !value.frozenTo || value.frozenFrom <= value.frozenTo);

export const passSchema = z
    .object({
        customerId: id,
        subscriptionId: id,
        name: requiredText(120),
        price: money,
        visitsTotal: visits,
        directionIds: z.array(id).default([]),
        startsOn: isoDate,
        endsOn: isoDate,
        frozenFrom: optional(isoDate),
        frozenTo: optional(isoDate),
        cancelled: z.boolean().default(false),
        paymentId: optional(id),
        /** Why the price is lower than the plan's, when a discount was given at the sale. */
        discountReason: optionalText(500),
    })
    .refine(startsBeforeEnd, { message: 'app.validation.ends_before_start', path: ['endsOn'] })
    .refine(frozenInOrder, { message: 'app.validation.freeze_range', path: ['frozenTo'] });

export const passes = declare({
    schema: passSchema,
    // Kept equal to the charged attendances by the server, never written by a client.
    server: {
        visitsUsed: z.number().int().min(0),
        /** A membership's pass: the next period's is `held` (booked on, owing nothing) until its charge pays it. */
        membershipId: id.nullish(),
        held: z.boolean().nullish(),
    },
    sometimes: ['membershipId', 'held'],
    references: [
        ref('customerId', 'customers'),
        ref('subscriptionId', 'subscriptions'),
        ref('directionIds', 'directions'),
        ref('paymentId', 'payments'),
        ref('membershipId', 'memberships'),
    ],
    search: ['name'],
    indexed: ['visitsTotal'],
    idKind: 'integer',
});
