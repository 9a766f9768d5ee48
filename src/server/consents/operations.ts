import type { Consent, ConsentKind } from '../../domain/consents';
import type { Identifier } from '../../domain/types';
import type { Reader, Transaction } from '../storage/types';
import { marketingConsent, recordConsent, type Given } from './rules';

/*
 * Consents as they are given and revoked: each is a record of the words a customer was shown (their
 * version and text in the customer's language), when, where and from which address. Nothing here
 * changes a consent except revoking marketing; giving it again is a new record.
 */

/** Records marketing, unless it is in force already: answers the consent in force. */
export const giveMarketing = async (tx: Transaction, given: Omit<Given, 'kind'>): Promise<Consent> =>
    (await marketingConsent(tx, given.customer.id)) ?? recordConsent(tx, { ...given, kind: 'marketing' });

/** Revokes marketing in force (none: nothing to do); answers whether one was. */
export const revokeMarketing = async (tx: Transaction, customerId: Identifier, now: Date): Promise<boolean> => {
    const given = await tx.select('consents', { customerId, kind: 'marketing', revokedAt: null });
    for (const consent of given) await tx.update('consents', { ...consent, revokedAt: now.toISOString() });
    return given.length > 0;
};

/** The consents a customer gave, the latest first. */
export const consentsOf = async (reader: Reader, customerId: Identifier): Promise<Consent[]> =>
    (await reader.select('consents', { customerId }, { sort: { field: 'at', order: 'DESC' } })) as Consent[];

/** How many customers hold a personal data consent, and how many an unrevoked marketing one. */
export const consentCounts = async (reader: Reader) => {
    const customersWith = async (kind: ConsentKind) =>
        new Set((await reader.select('consents', { kind, revokedAt: null })).map(consent => consent.customerId)).size;
    return { personalData: await customersWith('personal_data'), marketing: await customersWith('marketing') };
};
