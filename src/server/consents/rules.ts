import { z } from 'zod';
import {
    consentTextsOf,
    deskConsentsSchema,
    nextConsentTexts,
    shownConsentText,
    type Consent,
    type ConsentKind,
    type DeskConsents,
} from '../../domain/consents';
import type { consentSources } from '../../domain/collections/consents';
import type { Config, Customer, Identifier } from '../../domain/types';
import { badRequest, conflict } from '../http/errors';
import type { WriteRules } from '../rules/types';
import type { Reader, Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';

/*
 * Consents through the list protocol: read by staff, recorded at the desk (POST, source `desk`, the
 * studio's current words in the customer's language), never changed or deleted; the settings' consent
 * texts, whose changed words take the next version; and the desk's new customer, whose create form sends
 * the consents given with it.
 */

type ConsentSource = (typeof consentSources)[number];

export interface Given {
    customer: Pick<Customer, 'id' | 'locale'>;
    kind: ConsentKind;
    source: ConsentSource;
    now: Date;
    ip?: string | null;
    /** An autopay consent's terms as shown: amounts by period, charge day, how to cancel, the link. */
    terms?: Record<string, unknown> | null;
}

/** Records a consent of `kind` to the studio's current text of it, in the customer's language. */
export const recordConsent = async (tx: Transaction, given: Given, config?: Config): Promise<Consent> => {
    const studio = config ?? (await studioConfig(tx));
    const texts = consentTextsOf(studio);
    const locale = given.customer.locale ?? studio.defaultLocale;
    const at = given.now.toISOString();
    return (await tx.insert('consents', {
        customerId: given.customer.id,
        kind: given.kind,
        textVersion: texts[given.kind].version,
        text: shownConsentText(texts, given.kind, locale, studio.studioName),
        terms: given.terms ?? null,
        at,
        source: given.source,
        ip: given.ip ?? null,
        revokedAt: null,
    })) as Consent;
};

/** The customer's marketing consent in force: given and not revoked. */
export const marketingConsent = async (reader: Reader, customerId: Identifier): Promise<Consent | undefined> =>
    (await reader.select('consents', { customerId, kind: 'marketing', revokedAt: null }))[0] as Consent | undefined;

const recordOnly = 'A consent is a record of what was agreed: it is never changed or deleted';

export const consentRules: WriteRules<'consents'> = {
    refused: {
        update: `${recordOnly}; a customer revokes marketing with POST /api/portal/consents/marketing/revoke`,
        delete: recordOnly,
    },
    async create(consent, { tx, now }) {
        if (consent.kind === 'autopay')
            throw badRequest('An autopay consent is given on the payment page, on its terms', {
                kind: 'app.consents.autopay_at_desk',
            });
        if (consent.kind === 'marketing' && (await marketingConsent(tx, consent.customerId!)))
            throw conflict('This customer has agreed to offers already', { kind: 'app.consents.already_given' });
        const customer = (await tx.get('customers', consent.customerId!)) as Customer | undefined;
        const config = await studioConfig(tx);
        const texts = consentTextsOf(config);
        const kind = consent.kind!;
        return {
            customerId: consent.customerId,
            kind,
            textVersion: texts[kind].version,
            text: shownConsentText(texts, kind, customer?.locale ?? config.defaultLocale, config.studioName),
            terms: null,
            at: now.toISOString(),
            source: 'desk',
            ip: null,
            revokedAt: null,
        };
    },
};

/** The settings as written: consent texts whose words changed take the next version; left out, they stay. */
export const configConsentRules: WriteRules<'configs'> = {
    async update(config, before) {
        if (!config.consentTexts) return { ...config, consentTexts: before.consentTexts ?? null };
        return { ...config, consentTexts: nextConsentTexts(config.consentTexts, consentTextsOf(before)) };
    },
};

/** The consents a create brought, until its `after` knows the new customer's id (one transaction each). */
const pending = new WeakMap<Transaction, DeskConsents>();

/**
 * The customers' own rules, with the desk's consents: a create may say `consents: {personalData: true,
 * marketing}`, recorded with the customer in the same transaction (source `desk`). The API takes a
 * customer without it (an import, a ward whose guardian consents, a system that records consents its
 * own way); the desk's form asks for it.
 */
export const withDeskConsents = (rules: WriteRules<'customers'>): WriteRules<'customers'> => ({
    ...rules,
    createSchema: (rules.createSchema ?? z.object({})).extend({ consents: deskConsentsSchema.optional() }),
    async create(input, context) {
        const { consents, ...customer } = input as typeof input & { consents?: DeskConsents };
        const record = rules.create ? await rules.create(customer, context) : customer;
        if (!consents) return record;
        pending.set(context.tx, consents);
        // The card's own mark of the consent, as a sign-up in the portal sets it.
        return { ...record, consentAt: context.now.toISOString() };
    },
    async after(record, before, context) {
        await rules.after?.(record, before, context);
        const consents = pending.get(context.tx);
        if (!record || before || !consents) return;
        pending.delete(context.tx);
        const given = { customer: record, source: 'desk' as const, now: context.now };
        await recordConsent(context.tx, { ...given, kind: 'personal_data' });
        if (consents.marketing) await recordConsent(context.tx, { ...given, kind: 'marketing' });
    },
});
