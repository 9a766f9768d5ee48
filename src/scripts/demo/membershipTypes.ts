/*
 * The shapes of the demo's membership stories and the little they share: the test cards, the charge
 * keys' prefix, and the days a story's periods start on.
 */
import { createHash } from 'node:crypto';
import { addMonthsOn } from '../../domain/memberships';
import type { StoredRecordOf } from '../../domain/types';

type Membership = StoredRecordOf<'memberships'>;
type Charge = StoredRecordOf<'charges'>;
type Message = StoredRecordOf<'messages'>;

export interface Story {
    key: string;
    /** Which of the renewing plans. */
    plan: 0 | 1;
    /** The current period's number, and the day it ends (the next one's first day). */
    period: number;
    ends: string;
    /** The test provider's card: 4242 pays, 9995 is declined for want of money. */
    card: '4242' | '9995';
    expiresOn?: string;
    /** A new price staff proposed and the payer accepted. */
    raise?: { amount: number; fromPeriod: number };
    state: 'noticed' | 'active' | 'cancelling' | 'past_due' | 'cancelled' | 'unpaid';
    customerId: number;
    /** The membership's id (and its card's): stories are told in the order they began. */
    id: number;
}

/** A record numbered once every story is told, by when it was made. */
export interface Later<R> {
    id: number;
    createdAt: string;
    record: () => R;
}

export interface Written {
    memberships: Later<Membership>[];
    charges: Later<Charge>[];
    messages: Later<Message>[];
}

export const cardNumbers = { '4242': '4242424242424242', '9995': '4000000000009995' } as const;

/** The prefix of charge keys the server gives a database whose memberships job has not run yet. */
export const keyPrefix = createHash('sha256').update(':').digest('hex').slice(0, 8);

export const later = (instant: string, seconds: number) => new Date(Date.parse(instant) + seconds * 1000).toISOString();
export const latest = (a: string, b: string) => (a > b ? a : b);

/** The first day of the story's period `k`, the day periods start on kept. */
export const storyPeriods = (story: Pick<Story, 'ends' | 'period'>) => {
    const anchorDay = Number(story.ends.slice(8, 10));
    const starts = [''];
    for (let k = 1; k <= story.period + 2; k++) starts.push(addMonthsOn(story.ends, k - 1 - story.period, anchorDay));
    return { anchorDay, starts };
};
