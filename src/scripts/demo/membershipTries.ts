/*
 * A membership's renewal declined for want of money, try after try as the memberships job makes them:
 * past due with the next try planned and announced, or, after the fourth, ended unpaid with its held
 * pass cancelled (src/server/memberships/declines.ts).
 */
import type { MessageFacts, WrittenKind } from '../../domain/messages';
import { graceLastDay, retryTime } from '../../domain/memberships';
import { localDateAt } from '../../domain/time';
import type { Pass, StoredRecordOf } from '../../domain/types';
import { later, latest, type Later, type Story } from './membershipTypes';

type Membership = StoredRecordOf<'memberships'>;
type Charge = StoredRecordOf<'charges'>;
type Message = StoredRecordOf<'messages'>;

interface Facts {
    story: Story;
    starts: string[];
    n: number;
    facts: { planName: string; cardTitle: string };
    graceDays: number;
    tz: string;
}

interface Tools {
    tell: (
        kind: WrittenKind & Message['kind'],
        dedupeKey: () => string,
        createdAt: string,
        about: Omit<MessageFacts, 'studioName'>,
    ) => Later<Message>;
    charge: (fields: Omit<Charge, 'id' | 'key' | 'membershipId' | 'provider' | 'paymentMethodId'>) => Later<Charge>;
    addPass: (k: number, createdAt: string, fields: Partial<Pass>) => Pass;
    noticeOf: (k: number) => { chargeAt: string; at: string; notice: Later<Message> };
    price: (k: number) => number;
    providerPaymentId: () => string;
}

export const declinedTries = (
    { story, starts, n, facts, graceDays, tz }: Facts,
    { tell, charge, addPass, noticeOf, price, providerPaymentId }: Tools,
) => {
    let status: Membership['status'] = 'past_due';
    let endReason: Membership['endReason'] = null;
    let endedAt: string | null = null;
    let nextChargeAt: string | null = null;
    let heldPassId: number | null = null;
    const { chargeAt, at, notice } = noticeOf(n + 1);
    const held = addPass(n + 1, at, {
        held: true,
        endsOn: graceLastDay(starts[n + 1], graceDays),
    });
    heldPassId = held.id;
    const tries = story.state === 'past_due' ? 2 : 4;
    let previous = notice;
    let previousSentAt = later(at, 3);
    const firstAt = later(chargeAt, 3);
    for (let attempt = 1; attempt <= tries; attempt++) {
        const createdAt =
            attempt === 1
                ? firstAt
                : later(
                      latest(
                          retryTime(firstAt, attempt) as string,
                          new Date(Date.parse(previousSentAt) + 24 * 3_600_000).toISOString(),
                      ),
                      3,
                  );
        const settledAt = later(createdAt, 1);
        const tried = charge({
            periodStart: starts[n + 1],
            attempt,
            amount: price(n + 1),
            status: 'declined',
            reason: 'insufficient_funds',
            cause: 'money',
            providerPaymentId: providerPaymentId(),
            noticeMessageId: null,
            paymentId: null,
            settledAt,
            createdAt,
        });
        const told = previous;
        const record = tried.record;
        tried.record = () => ({ ...record(), noticeMessageId: told.id });
        const retryAt = retryTime(firstAt, attempt + 1);
        if (!retryAt) {
            // The fourth decline: ended unpaid, the held pass cancelled.
            status = 'ended';
            endReason = 'unpaid';
            endedAt = settledAt;
            nextChargeAt = null;
            heldPassId = null;
            held.cancelled = true;
            tell('membership_ended', () => `membership_ended:${story.id}`, settledAt, {
                membership: { ...facts, endReason: 'unpaid' },
            });
            break;
        }
        previous = tell('charge_declined', () => `charge_declined:${tried.id}`, settledAt, {
            amount: price(n + 1),
            membership: { ...facts, chargeOn: localDateAt(retryAt, tz) },
        });
        previousSentAt = later(settledAt, 3);
        nextChargeAt = retryAt;
    }
    const noticed = previous;
    return { status, endReason, endedAt, nextChargeAt, heldPassId, noticed };
};
