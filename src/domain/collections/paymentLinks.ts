import { z } from 'zod';
import { id, instant, money, optional, optionalText, positiveMoney } from '../fields';
import { declare, ref } from './declare';

export const paymentLinkStatuses = ['pending', 'paid', 'expired', 'cancelled'] as const;
/**
 * What a link's payment does: sells a new pass of the plan, pays what is still due on a pass (`passId`),
 * pays a penalty's fee, or starts a membership of the plan (or pays its period with a new card,
 * `membershipId`), saving the card.
 */
export const paymentLinkPurposes = ['sale', 'balance', 'fee', 'membership'] as const;

/** A record's refinement runs when the record is an object, whatever its fields' own issues. */
const whole = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

/**
 * A link sells a plan (`subscriptionId`), pays the rest of a pass (`passId`; the server fills in its
 * plan), or pays a penalty's fee (`penaltyId`: the server fills in its pass and plan). The amount is the
 * plan's price, or what is due on the pass, unless given; a fee's is the fee.
 */
export const paymentLinkSchema = z
    .object({
        customerId: id,
        purpose: z.enum(paymentLinkPurposes, { error: 'app.validation.choice' }).default('sale'),
        subscriptionId: optional(id),
        passId: optional(id),
        penaltyId: optional(id),
        amount: optional(positiveMoney),
        description: optionalText(500),
    })
    // Checked even when another field is wrong, so that a form shows every missing field at once.
    .refine(link => (link.purpose !== 'sale' && link.purpose !== 'membership') || link.subscriptionId != null, {
        message: 'ra.validation.required',
        path: ['subscriptionId'],
        when: whole,
    })
    .refine(link => link.purpose !== 'balance' || link.passId != null, {
        message: 'ra.validation.required',
        path: ['passId'],
        when: whole,
    })
    .refine(link => link.purpose !== 'fee' || link.penaltyId != null, {
        message: 'ra.validation.required',
        path: ['penaltyId'],
        when: whole,
    });

export const paymentLinks = declare({
    schema: paymentLinkSchema,
    server: {
        status: z.enum(paymentLinkStatuses),
        expiresAt: instant,
        paidAt: instant.nullable(),
        paymentId: id.nullable(),
        /** A membership link's payer (whose card is saved) and the membership a period's link pays. */
        payerId: id.nullish(),
        membershipId: id.nullish(),
    },
    sometimes: ['payerId', 'membershipId'],
    /*
     * A `balance` link is stored with its pass's plan, a `fee` link with its penalty's pass and plan, and
     * the pass a `sale` link sold once paid; the amount is the plan's price or what is due on the pass,
     * unless given, and a fee's amount.
     */
    kept: { subscriptionId: id, amount: money, passId: id.nullable(), description: z.string().nullable() },
    references: [
        ref('customerId', 'customers'),
        ref('subscriptionId', 'subscriptions'),
        ref('paymentId', 'payments'),
        ref('passId', 'passes'),
        ref('penaltyId', 'penalties'),
        ref('payerId', 'customers'),
        ref('membershipId', 'memberships'),
    ],
    search: ['description'],
    indexed: ['status'],
    idKind: 'random',
});
