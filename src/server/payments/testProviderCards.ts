import { randomBytes } from 'node:crypto';
import { ProviderError, type ChargeInput, type ChargeOutcome, type SavedCard } from './provider';

/*
 * The test provider's saved cards: the card a membership's first payment saves, and what charging it at a
 * renewal answers. The card number travels inside the token, so that a renewal decides by the card as a
 * real provider would, even for a card saved before a restart (the test provider keeps nothing else).
 */

/** The test cards, as the checkout page lists them. */
export const testCards = {
    paid: '4242424242424242',
    /** Pays on the checkout page; its renewals are declined for want of money. */
    poor: '4000000000009995',
    declined: '4000000000000002',
    expired: '4000000000000069',
} as const;

const tokenPattern = /^test_pm_(\d{12,19})_[0-9a-f]{12}$/;

/** The last day of the month of an expiry MM/YY: 02/28 → 2028-02-29. */
export const lastValidDay = (expiry: string): string => {
    const [month, year] = expiry.split('/').map(Number);
    // Day 0 of the next month is the last day of this one.
    return new Date(Date.UTC(2000 + year, month, 0)).toISOString().slice(0, 10);
};

/** The card the checkout saves when the payment asks it to: every test card is a Visa. */
export const saveTestCard = (cardNumber: string, expiry: string): SavedCard => ({
    token: `test_pm_${cardNumber}_${randomBytes(6).toString('hex')}`,
    title: `Visa •• ${cardNumber.slice(-4)}`,
    expiresOn: lastValidDay(expiry),
});

/** A saved card as a notice's body carries it, checked; undefined for anything else. */
export const readSavedCard = (value: unknown): SavedCard | undefined => {
    if (typeof value !== 'object' || value === null) return undefined;
    const { token, title, expiresOn } = value as Record<string, unknown>;
    if (typeof token !== 'string' || !tokenPattern.test(token) || typeof title !== 'string') return undefined;
    return { token, title, expiresOn: typeof expiresOn === 'string' ? expiresOn : null };
};

/** What a renewal on this token answers: decided by the card number inside it. */
const outcomeOf = (token: string): ChargeOutcome => {
    const providerPaymentId = `test_charge_${randomBytes(12).toString('hex')}`;
    const cardNumber = tokenPattern.exec(token)?.[1];
    if (cardNumber === testCards.paid) return { status: 'succeeded', providerPaymentId };
    if (cardNumber === testCards.poor)
        return { status: 'declined', providerPaymentId, reason: 'insufficient_funds', cause: 'money' };
    if (cardNumber === testCards.expired)
        return { status: 'declined', providerPaymentId, reason: 'card_expired', cause: 'card' };
    return { status: 'declined', providerPaymentId, reason: 'card_unknown', cause: 'card' };
};

/** A renewal the test provider was asked for, once per key. */
export interface TestCharge {
    key: string;
    amountMinor: number;
    status: ChargeOutcome['status'];
}

/**
 * The renewals of one test provider: each key charged once, its outcome answered again for the same key,
 * and kept for `findCharge`. A test may make the next charge fail as a network would: never reaching the
 * provider, or made and its answer lost.
 */
export const testChargeLedger = () => {
    const made = new Map<string, { amountMinor: number; outcome: ChargeOutcome }>();
    const failures: { processed: boolean }[] = [];

    return {
        charge: async (input: ChargeInput): Promise<ChargeOutcome> => {
            const failure = failures.shift();
            if (failure && !failure.processed)
                throw new ProviderError('The test provider could not be reached (as the test asked)', true);
            let kept = made.get(input.key);
            if (!kept) {
                kept = { amountMinor: input.amountMinor, outcome: outcomeOf(input.token) };
                made.set(input.key, kept);
            }
            if (failure) throw new ProviderError("The test provider's answer was lost (as the test asked)", true);
            return { ...kept.outcome };
        },
        find: async (key: string): Promise<ChargeOutcome | { status: 'missing' }> => {
            const kept = made.get(key);
            return kept ? { ...kept.outcome } : { status: 'missing' };
        },
        charges: (): TestCharge[] =>
            [...made].map(([key, { amountMinor, outcome }]) => ({ key, amountMinor, status: outcome.status })),
        failNext: (options: { processed?: boolean } = {}) => {
            failures.push({ processed: options.processed ?? false });
        },
    };
};
