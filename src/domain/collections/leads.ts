import { z } from 'zod';
import { email, id, instant, optional, optionalText, phone, requiredText } from '../fields';
import { declare, ref } from './declare';

/** Where a lead came from. */
export const leadSources = ['trial_page', 'portal', 'phone', 'walk_in', 'referral', 'import', 'other'] as const;
/** Where a lead stands: new → contacted → trial booked → trial done → won, or lost on the way. */
export const leadStatuses = ['new', 'contacted', 'trial_booked', 'trial_done', 'won', 'lost'] as const;
/** What staff may set by hand; the others follow from what happened (a trial booked, a pass paid). */
export const staffLeadStatuses = ['new', 'contacted', 'lost'] as const;
/** A lead still being worked on: neither won nor lost. */
export const openLeadStatuses = ['new', 'contacted', 'trial_booked', 'trial_done'] as const;

export type LeadStatus = (typeof leadStatuses)[number];

/** The campaign that brought them, as the trial page's address tells it. */
const utmSchema = z.object({
    source: optionalText(100),
    medium: optionalText(100),
    campaign: optionalText(100),
});

const leadFields = z.object({
    name: requiredText(120),
    /** Stored in E.164, as customers' phones: one number is one text however it was typed. */
    phone,
    email: optional(email),
    childName: optionalText(120),
    directionId: optional(id),
    source: z.enum(leadSources, { error: 'app.validation.choice' }).default('other'),
    utm: optional(utmSchema),
    /** The customer who sent them. */
    referrerId: optional(id),
    status: z.enum(leadStatuses, { error: 'app.validation.choice' }).default('new'),
    lostReason: optionalText(500),
    /** The member of staff who works on them. */
    ownerId: optional(id),
    /** The customer they are (or became). */
    customerId: optional(id),
    notes: optionalText(2000),
});

/** A lost lead says why: that is what the studio learns from it. */
const saysWhyLost = (lead: { status?: string; lostReason?: string | null }) =>
    lead.status !== 'lost' || !!lead.lostReason;
const whyLost = { message: 'ra.validation.required', path: ['lostReason'] };

export const leadSchema = leadFields.refine(saysWhyLost, whyLost);

/** A new lead may say that staff saw the open lead of the same phone and mean it: never stored. */
export const leadCreateSchema = leadFields
    .extend({ confirmDuplicate: z.boolean({ error: 'app.validation.choice' }).optional() })
    .refine(saysWhyLost, whyLost);

export const leads = declare({
    // Staff write them through the list protocol (the growth room's rules); sign-up in /my makes one, and
    // a paid pass of its customer wins it (wonAt).
    schema: leadSchema,
    server: { wonAt: instant.nullable() },
    references: [
        ref('directionId', 'directions'),
        ref('referrerId', 'customers'),
        ref('ownerId', 'users'),
        ref('customerId', 'customers'),
    ],
    search: ['name', 'phone', 'email', 'childName'],
    indexed: ['status', 'source', 'phone'],
    idKind: 'integer',
    addedLater: true,
});
