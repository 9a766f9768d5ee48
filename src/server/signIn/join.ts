import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { instant } from '../../domain/fields';
import { messageText } from '../../domain/messages';
import { codeMinutes, codeOf, codeTries, loginKey } from '../../domain/portal';
import { locales } from '../../domain/schemas';
import type { Locale } from '../../domain/statuses';
import type { Config, StoredCustomer } from '../../domain/types';
import { consentTextsOf, shownConsentText } from '../../domain/consents';
import { hashOf } from '../messages';
import type { SignInRecords, Storage, Transaction } from '../storage/types';
import { candidatesOf, codeMessage, same } from './codes';
import { studioConfig } from '../rules/studio';
import { giveMarketing, recordConsent } from '../consents';
import { leadOfSignUp } from '../growth';

/*
 * Signing up in the portal without telling anyone who is a customer already: every sign-up gets a code,
 * and the answer is the same. The code goes to the customer who has the e-mail (or else the phone) typed,
 * by their own channel, or, when nobody has either, by e-mail to the address typed. What was typed waits
 * with the code's hash in the storage every server process shares, until the code is given: then the
 * customer it went to is signed in (their card as it was), or a new lead is made of what was typed.
 */

const signUpSchema = z.object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    email: z.string(),
    locale: z.enum(locales).nullable(),
    consentAt: instant,
    /** The unticked box for offers, ticked (sign-ups kept before it existed: not). */
    marketing: z.boolean().default(false),
    /** The address the consents were given from. */
    ip: z.string().nullable().default(null),
    /** Whom the code went to: the customers who had the contact when it was sent (none: a newcomer). */
    customerIds: z.array(z.number().int()),
    hash: z.string(),
    tries: z.number().int(),
});
type SignUp = z.infer<typeof signUpSchema>;

export type SignUpInput = Pick<SignUp, 'firstName' | 'lastName' | 'phone' | 'email' | 'locale' | 'marketing' | 'ip'>;

/** Where a sign-up waits, by the e-mail its code is then given with. */
const signUpKey = (email: string) => `portal.join:${loginKey({ email: email.toLowerCase() })}`;
const signUpHash = (email: string, code: string) => hashOf(`join:${email.toLowerCase()}:${code}`);

/** A code for the e-mail typed to a newcomer, who is not yet anyone's to queue it for. */
export interface Newcomer {
    email: string;
    subject: string;
    text: string;
}

/**
 * Keeps the sign-up with a new code and sends the code: queued for the customers who have the e-mail (or
 * else the phone), or answered as the e-mail to send to a newcomer.
 */
export const startSignUp = async (storage: Storage, input: SignUpInput, now: Date): Promise<Newcomer | undefined> => {
    const code = codeOf(randomInt(1_000_000));
    const byEmail = await candidatesOf(storage, { email: input.email.toLowerCase() });
    const holders = byEmail.length ? byEmail : await candidatesOf(storage, { phone: input.phone });
    const signUp: SignUp = {
        ...input,
        consentAt: now.toISOString(),
        customerIds: holders.map(holder => holder.id as number),
        hash: signUpHash(input.email, code),
        tries: 0,
    };
    await storage.signIns.keep(signUpKey(input.email), signUp, now.getTime() + codeMinutes * 60_000);
    const config = await studioConfig(storage);
    if (!holders.length) {
        const locale: Locale = input.locale ?? config.defaultLocale;
        return { email: input.email, ...messageText('sign_in', locale, { studioName: config.studioName, code }) };
    }
    await storage.transaction(async tx => {
        for (const holder of holders) await tx.insert('messages', codeMessage(holder, config, code, now));
    });
    return undefined;
};

/**
 * The sign-up a code gives for `email`, or undefined; a wrong code counts a try when `counts` (typed where
 * the sign-up was made), and the fifth spends it.
 */
export const matchSignUp = async (
    records: SignInRecords,
    email: string,
    code: string,
    now: Date,
    counts: boolean,
): Promise<SignUp | undefined> => {
    const key = signUpKey(email);
    const kept = signUpSchema.safeParse(await records.kept(key, now.getTime()));
    if (!kept.success) return undefined;
    const signUp = kept.data;
    if (same(signUpHash(email, code), signUp.hash)) return signUp;
    if (!counts) return undefined;
    const tries = signUp.tries + 1;
    if (tries >= codeTries) await records.forget(key);
    else await records.keep(key, { ...signUp, tries }, Date.parse(signUp.consentAt) + codeMinutes * 60_000);
    return undefined;
};

/** The code was given: the sign-up is done with. */
export const endSignUp = (records: SignInRecords, email: string) => records.forget(signUpKey(email));

/**
 * Whom a sign-up's code signs in: the customers it went to, as they are now (a shared phone's adults to
 * choose from), or those who have its e-mail by now; or, when nobody does, a new lead made of what was
 * typed, with the consent given then.
 */
export const signUpCustomers = async (tx: Transaction, signUp: SignUp): Promise<StoredCustomer[]> => {
    const went = (await tx.getMany('customers', signUp.customerIds)) as StoredCustomer[];
    if (signUp.customerIds.length) return went;
    const found = await candidatesOf(tx, { email: signUp.email.toLowerCase() });
    if (found.length) return found;
    // New people come in as the studio's leads (or under its first status, when it has no `lead`).
    const statuses = await tx.select('statuses', { name: 'customer' });
    const status = statuses.some(one => one.code === 'lead') ? 'lead' : (statuses[0]?.code ?? 'lead');
    const made = await tx.insert('customers', {
        firstName: signUp.firstName,
        lastName: signUp.lastName,
        phone: signUp.phone,
        email: signUp.email,
        birthDate: null,
        status,
        source: 'portal',
        notes: null,
        locale: signUp.locale,
        notify: null,
        guardianId: null,
        telegramLinked: false,
        consentAt: signUp.consentAt,
    });
    await leadOfSignUp(tx, made as StoredCustomer);
    return [made as StoredCustomer];
};

/**
 * The consents given at sign-up, recorded when its code is given, for the customer it signs in (made then
 * or found): personal data, and marketing when its box was ticked, in the language they joined in.
 */
export const recordSignUpConsents = async (tx: Transaction, customer: StoredCustomer, signUp: SignUp) => {
    const given = {
        customer: { id: customer.id, locale: signUp.locale ?? customer.locale },
        source: 'portal' as const,
        now: new Date(signUp.consentAt),
        ip: signUp.ip,
    };
    await recordConsent(tx, { ...given, kind: 'personal_data' });
    if (signUp.marketing) await giveMarketing(tx, given);
};

/** The words the sign-up form shows for its two boxes, in each language, as they will be recorded. */
export const signUpConsentTexts = (config: Config) => {
    const texts = consentTextsOf(config);
    const both = (kind: 'personal_data' | 'marketing') =>
        Object.fromEntries(
            locales.map(locale => [locale, shownConsentText(texts, kind, locale, config.studioName)]),
        ) as Record<Locale, string>;
    return { personal_data: both('personal_data'), marketing: both('marketing') };
};
