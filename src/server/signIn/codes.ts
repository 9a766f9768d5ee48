import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
    codeAllowed,
    codeMinutes,
    codeOf,
    codeTries,
    signInCandidates,
    signInLinkHours,
    type Login,
} from '../../domain/portal';
import { phoneNumberKey } from '../../domain/search';
import type { Identifier, StoredCustomer, StoredMessage } from '../../domain/types';
import { withoutCode } from '../../domain/messages';
import { hashOf, messageRecord } from '../messages';
import type { Reader, Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';

/*
 * Signing in to the portal without a password. A code: six digits sent to everyone a login signs in (a
 * family's adults share a phone), kept as a hash on each with its end, its wrong tries and when codes were
 * sent, so that the limits hold across server processes. A staff-made link: `<id>-<secret>`, the
 * secret's hash kept on the customer for a day and spent by its first use.
 */

export const same = (given: string, kept: string | undefined) => {
    const a = Buffer.from(given);
    const b = Buffer.from(kept ?? '');
    return a.length === b.length && timingSafeEqual(a, b);
};

/** A code's hash is the customer's own: the same digits sent to two people are two hashes. */
const codeHash = (customerId: Identifier, code: string) => hashOf(`${customerId}:${code}`);

/** The customers a login signs in, as stored (hidden fields included). */
export const candidatesOf = async (reader: Reader, login: Login): Promise<StoredCustomer[]> => {
    const holders =
        'email' in login
            ? await reader.select('customers', [
                  { field: 'email', kind: 'equals', values: [login.email], caseless: true },
              ])
            : (
                  await reader.select('customers', [
                      { field: 'phone', kind: 'samePhone', number: phoneNumberKey(login.phone) },
                  ])
              ).filter(customer => customer.phone === login.phone);
    return signInCandidates(holders as StoredCustomer[]);
};

/**
 * The sign-in code's message to `customer`, by their channel: its `text` shows the code masked (staff
 * read the outbox), `codeText` is what is sent.
 */
export const codeMessage = (
    customer: StoredCustomer,
    config: Awaited<ReturnType<typeof studioConfig>>,
    code: string,
    now: Date,
): Omit<StoredMessage, 'id' | 'createdAt'> => {
    // Each code is a message of its own, however many are asked for at one instant.
    const dedupeKey = `sign_in:${customer.id}:${now.toISOString()}:${randomBytes(6).toString('hex')}`;
    const message = messageRecord(customer, config, { kind: 'sign_in', dedupeKey, facts: { code }, now });
    return { ...message, text: withoutCode(message.text), codeText: message.text };
};

/**
 * Gives each of `customers` a new code (the same digits to all). Asked in the portal (`send`), the code is
 * queued by their channel, and the portal's own limits, shared by every process, say how often; asked of
 * the bot, which answers it in the chat itself, the customer's stored sending times do (a minute apart,
 * five an hour). Answers the code and whom it was given to.
 */
export const giveCode = async (
    tx: Transaction,
    customers: StoredCustomer[],
    now: Date,
    send: boolean,
): Promise<{ code: string; given: StoredCustomer[] }> => {
    const code = codeOf(randomInt(1_000_000));
    const config = await studioConfig(tx);
    const until = new Date(now.getTime() + codeMinutes * 60_000).toISOString();
    const given: StoredCustomer[] = [];
    for (const found of customers) {
        const customer = ((await tx.get('customers', found.id)) as StoredCustomer | undefined) ?? found;
        const { recent, allowed } = codeAllowed(customer.signInCode?.sent ?? [], now);
        if (!send && !allowed) continue;
        const sent = send ? recent : [...recent, now.toISOString()];
        const signInCode = { hash: codeHash(customer.id, code), until, tries: 0, sent };
        given.push((await tx.update('customers', { ...customer, signInCode } as StoredCustomer)) as StoredCustomer);
        // The code goes to the person signing in, by their own channel: not to a guardian.
        if (send) await tx.insert('messages', codeMessage(customer, config, code, now));
    }
    return { code, given };
};

/**
 * Whom `code` signs in among `candidates` (read again in `tx`): those whose live code it is. A wrong
 * code counts a try against each live one when `counts` (it was typed where the code was asked for),
 * and the fifth spends it: a stranger's guesses elsewhere never spend a customer's code.
 */
export const matchCode = async (
    tx: Transaction,
    candidates: StoredCustomer[],
    code: string,
    now: Date,
    counts = true,
): Promise<StoredCustomer[]> => {
    const live: StoredCustomer[] = [];
    for (const candidate of candidates) {
        const customer = (await tx.get('customers', candidate.id)) as StoredCustomer | undefined;
        if (customer?.signInCode && customer.signInCode.until > now.toISOString()) live.push(customer);
    }
    const matched = live.filter(customer => same(codeHash(customer.id, code), customer.signInCode?.hash));
    if (matched.length || !counts) return matched;
    for (const customer of live) {
        const stored = customer.signInCode!;
        const tries = stored.tries + 1;
        // Spent after its last try: its sending times stay, for the limits.
        const signInCode =
            tries >= codeTries ? { ...stored, hash: '', until: now.toISOString(), tries } : { ...stored, tries };
        await tx.update('customers', { ...customer, signInCode } as StoredCustomer);
    }
    return [];
};

/** Spends the code of the customer signing in (their sending times stay, for the limits). */
export const spendCode = async (tx: Transaction, customer: StoredCustomer, now: Date): Promise<StoredCustomer> => {
    const stored = ((await tx.get('customers', customer.id)) as StoredCustomer | undefined) ?? customer;
    const signInCode = stored.signInCode && { ...stored.signInCode, hash: '', until: now.toISOString() };
    return (await tx.update('customers', { ...stored, signInCode } as StoredCustomer)) as StoredCustomer;
};

/** A new one-time sign-in link's token for the customer (a new one replaces the old), and when it ends. */
export const makeSignInLink = async (tx: Transaction, customerId: Identifier, now: Date) => {
    const customer = (await tx.get('customers', customerId)) as StoredCustomer | undefined;
    if (!customer) return undefined;
    const secret = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + signInLinkHours * 3_600_000).toISOString();
    await tx.update('customers', {
        ...customer,
        signInLinkHash: hashOf(secret),
        signInLinkUntil: expiresAt,
    } as StoredCustomer);
    return { token: `${customerId}-${secret}`, expiresAt };
};

/** The customer a sign-in link's token signs in, spending it; undefined when it is wrong, spent or over. */
export const spendSignInLink = async (
    tx: Transaction,
    token: string,
    now: Date,
): Promise<StoredCustomer | undefined> => {
    const match = /^(\d{1,12})-([\w-]{16,64})$/.exec(token);
    if (!match) return undefined;
    const customer = (await tx.get('customers', Number(match[1]))) as StoredCustomer | undefined;
    if (!customer?.signInLinkUntil || customer.signInLinkUntil <= now.toISOString()) return undefined;
    if (!same(hashOf(match[2]), customer.signInLinkHash)) return undefined;
    const { signInLinkHash: _hash, signInLinkUntil: _until, ...rest } = customer;
    return (await tx.update('customers', rest as StoredCustomer)) as StoredCustomer;
};
