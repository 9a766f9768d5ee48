import { z } from 'zod';
import { id, money, optional, positiveMoney, requiredText } from '../fields';
import { declare, ref } from './declare';

/** A pass's number of visits: null for unlimited. */
export const visits = z.number().int('app.validation.integer').min(1, 'app.validation.min_one').max(10_000).nullable();

/** What a late cancel or a no-show costs on a plan: nothing, the visit, or a fee of `amount`. */
export const penaltyRuleKinds = ['none', 'visit', 'fee'] as const;

export const penaltyRuleSchema = z
    .object({
        kind: z.enum(penaltyRuleKinds, { error: 'app.validation.choice' }).default('none'),
        amount: optional(positiveMoney),
    })
    .refine(rule => rule.kind !== 'fee' || rule.amount != null, {
        message: 'ra.validation.required',
        path: ['amount'],
    })
    // Only a fee has an amount: a visit costs the visit.
    .transform(rule => ({ kind: rule.kind, amount: rule.kind === 'fee' ? (rule.amount ?? null) : null }));

const noPenalty = { kind: 'none' as const, amount: null };

export const subscriptionSchema = z.object({
    name: requiredText(120),
    price: money,
    visits: visits.default(null),
    validityDays: z.number().int('app.validation.integer').min(1, 'app.validation.min_one').max(3660),
    directionIds: z.array(id).default([]),
    freezeDays: z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(366).default(0),
    trial: z.boolean().default(false),
    active: z.boolean().default(true),
    /** Hours before a class inside which cancelling its booking is late, for bookings this plan's passes pay: empty, the studio's. */
    lateCancelHours: optional(z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(168)),
    /** Customers may buy it themselves in the portal. */
    soldOnline: z.boolean().default(false),
    /** What a late cancel and a no-show of a seat its passes pay cost (src/domain/penalties.ts). */
    lateCancelPenalty: penaltyRuleSchema.default(noPenalty),
    noShowPenalty: penaltyRuleSchema.default(noPenalty),
    /** An excused absence from a group's class gives a make-up credit (and uses the visit). */
    makeUps: z.boolean().default(false),
    /** Sold as a membership: a pass each calendar month, charged to the payer's saved card. */
    autoRenew: z.boolean().default(false),
});

export const subscriptions = declare({
    schema: subscriptionSchema,
    references: [ref('directionIds', 'directions')],
    search: ['name'],
    idKind: 'integer',
});
