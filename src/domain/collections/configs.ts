import { z } from 'zod';
import { isoDate, locales, optional, requiredText } from '../fields';
import { consentTextsSchema } from '../consents';
import { declare } from './declare';

const supportedValues = (key: 'currency' | 'timeZone'): Set<string> => {
    const values = new Set(Intl.supportedValuesOf(key));
    // Intl lists canonical zone names only; the common aliases are valid IANA names too.
    if (key === 'timeZone') ['UTC', 'Etc/UTC', 'Europe/Kiev', 'Asia/Calcutta'].forEach(zone => values.add(zone));
    return values;
};
let currencies: Set<string> | undefined;
let timeZones: Set<string> | undefined;
let regionNames: Intl.DisplayNames | undefined;

/** A country's ISO 3166 code, which Intl names (ZZ is its "unknown region"). */
const isCountryCode = (code: string) =>
    /^[A-Z]{2}$/.test(code) &&
    code !== 'ZZ' &&
    (regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })).of(code) !== undefined;

/** The studio's taxation system on its fiscal receipts (54-FZ tag 1055); ЕНВД is abolished and not offered. */
export const taxSystems = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const;

/**
 * The VAT of a receipt's item (tag 1199): `none` for "без НДС" (studios on УСН or патент), a rate, or a
 * calculated rate (vat110 = 10/110, vat120 = 20/120, vat122 = 22/122).
 */
export const vats = ['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat110', 'vat120', 'vat22', 'vat122'] as const;

/**
 * How an item is settled (tag 1214): paid in full when the service is given, or paid in full ahead of
 * it (an advance, which the accountant may prefer for a pass bought before its classes).
 */
export const paymentModes = ['full_payment', 'full_prepayment'] as const;

export const configSchema = z.object({
    studioName: requiredText(120),
    currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'app.validation.currency')
        .refine(code => (currencies ??= supportedValues('currency')).has(code), 'app.validation.currency'),
    timezone: z
        .string()
        .refine(zone => (timeZones ??= supportedValues('timeZone')).has(zone), 'app.validation.timezone'),
    // The country whose numbers a phone typed without its country code is read as (src/domain/phones.ts).
    country: z.string().refine(isCountryCode, 'app.validation.country'),
    defaultLocale: z.enum(locales, { error: 'app.validation.choice' }),
    paymentLinkTtlHours: z
        .number()
        .int('app.validation.integer')
        .min(1, 'app.validation.min_one')
        .max(24 * 90),
    expiringPassDays: z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(365),
    lowVisitsThreshold: z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(1000),
    // Days after a class during which its teacher may still change the marks; a database made before has 2.
    teacherEditDays: z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(365).default(2),
    // Hours after its end at which a class with marks that nobody closed is closed by the server.
    autoCloseHours: z
        .number()
        .int('app.validation.integer')
        .min(0, 'app.validation.not_negative')
        .max(24 * 14)
        .default(12),
    // Booking (src/domain/bookings.ts): a database made before has the defaults.
    bookingOpensDays: z.number().int('app.validation.integer').min(1, 'app.validation.min_one').max(365).default(14),
    bookingClosesMinutes: z
        .number()
        .int('app.validation.integer')
        .min(0, 'app.validation.not_negative')
        .max(24 * 60 * 7)
        .default(0),
    lateCancelHours: z
        .number()
        .int('app.validation.integer')
        .min(0, 'app.validation.not_negative')
        .max(24 * 14)
        .default(12),
    maxWaitlists: z.number().int('app.validation.integer').min(0, 'app.validation.not_negative').max(100).default(3),
    // Messages (src/domain/messages.ts): the night when no notice goes (empty: none), reminders before
    // classes, and whether a booking staff make is confirmed to the customer.
    quietHours: optional(
        z.string().regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'app.validation.quiet_hours'),
    ).default('22:00-09:00'),
    reminders: z.boolean().default(true),
    staffBookingNotices: z.boolean().default(true),
    // Hours after a class (or after a penalty is made, when later) during which staff may waive it.
    penaltyDelayHours: z
        .number()
        .int('app.validation.integer')
        .min(0, 'app.validation.not_negative')
        .max(24 * 14)
        .default(24),
    // Fiscal receipts of online payments, sent through the payment provider: none while no taxation
    // system is chosen (a studio whose own cash register sends them).
    receiptTaxSystem: z.enum(taxSystems, { error: 'app.validation.choice' }).nullable().default(null),
    receiptVat: z.enum(vats, { error: 'app.validation.choice' }).default('none'),
    receiptPaymentMode: z.enum(paymentModes, { error: 'app.validation.choice' }).default('full_payment'),
    // The words customers agree to, versioned (src/domain/consents.ts): empty, the defaults.
    consentTexts: optional(consentTextsSchema),
    // Memberships: the days from a period's start a payer whose renewal was declined still books and comes
    // on its held pass; the studio's public offer the autopay terms link to; the days the studio is closed
    // (holidays), which move a membership's period and its charge.
    membershipGraceDays: z
        .number()
        .int('app.validation.integer')
        .min(0, 'app.validation.not_negative')
        .max(14)
        .default(3),
    offerUrl: optional(z.url({ error: 'app.validation.url' }).max(500)),
    closures: z
        .array(
            z.object({ from: isoDate, to: isoDate }).refine(closure => closure.from <= closure.to, {
                message: 'app.validation.ends_before_start',
                path: ['to'],
            }),
        )
        .max(100)
        .default([]),
});

export const configs = declare({
    schema: configSchema,
    // Set on the settings page; files made before it existed lack it until then.
    sometimes: ['autoCloseHours', 'bookingOpensDays', 'bookingClosesMinutes', 'lateCancelHours', 'maxWaitlists'],
    idKind: 'fixed',
});
