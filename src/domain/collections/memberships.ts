import { z } from 'zod';
import { id, instant, isoDate, optional, positiveMoney } from '../fields';
import { declare, ref } from './declare';

/** active → past_due (a renewal declined for money, tried again) → active, or → ended. */
export const membershipStatuses = ['active', 'past_due', 'ended'] as const;
/** Why a membership ended: cancelled by its payer or by staff, never paid, its card removed, no card saved. */
export const membershipEndReasons = ['customer', 'staff', 'unpaid', 'card_removed', 'no_card'] as const;

/** One step of the price schedule the payer consented to: `amount` from period `fromPeriod` (1 is the first). */
export const membershipPrice = z.object({
    fromPeriod: z.number().int('app.validation.integer').min(1, 'app.validation.min_one'),
    amount: positiveMoney,
});

/** A new list price staff propose, from a period at least 30 days ahead, applied once the payer accepts it. */
export const membershipPriceChange = z.object({
    amount: positiveMoney,
    fromPeriod: z.number().int().min(2),
    proposedAt: instant,
    acceptedAt: instant.nullable(),
});

/** What staff send to propose a new price (POST /api/memberships/:id/price): the server checks the 30 days. */
export const membershipPriceRequest = z.object({
    amount: positiveMoney,
    fromPeriod: z
        .number({ error: 'ra.validation.required' })
        .int('app.validation.integer')
        .min(2, 'app.memberships.errors.price_too_soon'),
});

/**
 * What staff write to start one: who attends, the plan (one that renews), and who pays (themselves by
 * default; a ward's guardian by default for a ward). The answer is the payment link of the first period.
 */
export const membershipSchema = z.object({
    customerId: id,
    subscriptionId: id,
    payerId: optional(id),
});

export const memberships = declare({
    // Made by the verified payment of its first period (src/server/memberships), never through the list
    // protocol: POST /api/memberships answers that payment's link; /cancel, /resume and /price change it.
    schema: membershipSchema,
    server: {
        /** The consented price schedule, by period. */
        prices: z.array(membershipPrice),
        paymentMethodId: id.nullable(),
        status: z.enum(membershipStatuses),
        /** The current period: its number (1 is the first), first and last day. */
        period: z.number().int().min(1),
        periodStart: isoDate,
        periodEnd: isoDate,
        /** The day of the month periods start on (31: the last day of shorter months). */
        anchorDay: z.number().int().min(1).max(31),
        /** When the next period is charged: 10:00 studio time on periodEnd; null once nothing more is charged. */
        nextChargeAt: instant.nullable(),
        cancelAtPeriodEnd: z.boolean(),
        /** The autopay consent, with the terms as shown. */
        consentId: id.nullable(),
        /** The current period's pass, and the next period's, held from its notice until its charge. */
        passId: id.nullable(),
        heldPassId: id.nullable(),
        /** The charge notice sent for nextChargeAt (withdrawn and sent again when the charge changes). */
        noticeMessageId: id.nullable(),
        priceChange: membershipPriceChange.nullable(),
        /** The studio's closures that moved its periods already: each is counted once. */
        closuresApplied: z.array(z.object({ from: isoDate, to: isoDate })).optional(),
        /** The payment link whose payment started it. */
        paymentLinkId: z.string().nullable(),
        endReason: z.enum(membershipEndReasons).nullable(),
        endedAt: instant.nullable(),
    },
    kept: { payerId: id },
    sometimes: ['closuresApplied'],
    references: [
        ref('customerId', 'customers'),
        ref('payerId', 'customers'),
        ref('subscriptionId', 'subscriptions'),
        ref('paymentMethodId', 'paymentMethods'),
        ref('consentId', 'consents'),
        ref('passId', 'passes'),
        ref('heldPassId', 'passes'),
        ref('noticeMessageId', 'messages'),
    ],
    indexed: ['status', 'nextChargeAt'],
    idKind: 'integer',
    addedLater: true,
});
