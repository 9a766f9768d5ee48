import { z } from 'zod';
import { id, instant } from '../fields';
import { consentKinds } from '../consents';
import { declare, ref } from './declare';

export { consentKinds, type ConsentKind } from '../consents';

/** Where a consent was given: the portal, the trial page, the desk, brought from an older database, the payment page. */
export const consentSources = ['portal', 'trial', 'desk', 'import', 'payment_page'] as const;

/** The kinds staff record at the desk: an autopay consent is given only on the payment page, on its terms. */
export const deskConsentKinds = ['personal_data', 'marketing'] as const;

/** What staff write: whose consent and of which kind; the words, the time and the source are the server's. */
export const consentSchema = z.object({
    customerId: id,
    kind: z.enum(consentKinds, { error: 'app.validation.choice' }),
});

/** An autopay consent's terms as shown: amounts by period, charge day, card title, how to cancel. */
const consentTerms = z.record(z.string(), z.unknown());

export const consents = declare({
    // A record of what happened: made where a consent is given, never changed or deleted; revoking
    // marketing stamps revokedAt (POST /api/portal/consents/marketing/revoke), and giving it again is a
    // new record.
    schema: consentSchema,
    server: {
        textVersion: z.number().int(),
        /** The words as the person saw them, in their language. */
        text: z.string(),
        terms: consentTerms.nullable(),
        at: instant,
        source: z.enum(consentSources),
        ip: z.string().nullable(),
        revokedAt: instant.nullable(),
    },
    references: [ref('customerId', 'customers')],
    indexed: ['kind', 'revokedAt'],
    idKind: 'integer',
    addedLater: true,
});
