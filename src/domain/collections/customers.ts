import { z } from 'zod';
import { email, id, instant, isoDate, locales, optional, optionalText, phone, requiredText, slug } from '../fields';
import { declare, ref } from './declare';
import { messageKinds } from './messages';

/** Which channels and kinds of message a customer takes: each one not named is taken. */
export const notifySchema = z.object({
    email: z.boolean().default(true),
    telegram: z.boolean().default(true),
    kinds: z.partialRecord(z.enum(messageKinds, { error: 'app.validation.choice' }), z.boolean()).default({}),
});

/** A customer's fields, each on its own (customerSchema adds the rule on how the studio reaches them). */
export const customerFields = z.object({
    firstName: requiredText(80),
    lastName: requiredText(80),
    /** Optional: a customer may be reached by e-mail, and a ward through their guardian. */
    phone: optional(phone),
    email: optional(email),
    birthDate: optional(isoDate),
    status: slug,
    source: optionalText(80),
    notes: optionalText(5000),
    /** The language of their messages: empty, the studio's. */
    locale: optional(z.enum(locales, { error: 'app.validation.choice' })),
    /** The channels and kinds of message they take: empty, all of them. */
    notify: optional(notifySchema),
    /** The parent who manages them in the portal (books, cancels, pays for them, and gets their messages). */
    guardianId: optional(id),
});

/** The studio can reach the customer: by phone, by e-mail, or through their guardian. */
export const hasContact = (customer: { phone?: unknown; email?: unknown; guardianId?: unknown }): boolean =>
    !!customer.phone || !!customer.email || customer.guardianId != null;

export const customerSchema = customerFields.refine(hasContact, { message: 'app.validation.contact', path: ['phone'] });

export const customers = declare({
    schema: customerSchema,
    /*
     * A Telegram chat linked and reachable (the bot's /start link; a chat that blocked the bot is not),
     * and when they consented to the processing of their personal data (signing up in the portal); when
     * their personal data was erased (the card anonymous and read only since).
     */
    server: { telegramLinked: z.boolean(), consentAt: instant.nullish(), erasedAt: instant.optional() },
    /*
     * The linked chat, which never leaves the server, and the one-time link that links one: its token's
     * hash and when it ends. The portal's: the sign-in code last sent (its hash, end, wrong tries and
     * when codes were sent, for the limits), the staff-made sign-in link, the sessions' version and
     * those ended on their own device, and the calendar feed's token.
     */
    hidden: {
        telegramChatId: z.string().optional(),
        telegramTokenHash: z.string().optional(),
        telegramTokenUntil: instant.optional(),
        signInCode: z
            .object({ hash: z.string(), until: instant, tries: z.number().int(), sent: z.array(instant) })
            .optional(),
        signInLinkHash: z.string().optional(),
        signInLinkUntil: instant.optional(),
        portalVersion: z.number().int().optional(),
        portalRevoked: z.array(z.object({ sid: z.string(), until: instant })).optional(),
        calendarToken: z.string().optional(),
    },
    sometimes: [
        'erasedAt',
        'telegramChatId',
        'telegramTokenHash',
        'telegramTokenUntil',
        'signInCode',
        'signInLinkHash',
        'signInLinkUntil',
        'portalVersion',
        'portalRevoked',
        'calendarToken',
    ],
    references: [{ field: 'status', collection: 'statuses', statusList: 'customer' }, ref('guardianId', 'customers')],
    search: ['firstName', 'lastName', 'phone', 'email'],
    // A teacher marks visits by name and has no business with a customer's phone, e-mail, birthday or notes.
    readable: { teacher: { only: ['id', 'firstName', 'lastName', 'status'] } },
    idKind: 'integer',
});
