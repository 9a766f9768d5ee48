import { z } from 'zod';
import { membershipPriceChange, membershipPriceRequest } from '../../domain/collections/memberships';
import { addMonthsOn, priceNoticeDays, priceOfPeriod } from '../../domain/memberships';
import { addDays, localDateAt } from '../../domain/time';
import type { Identifier } from '../../domain/types';
import { conflict, invalidFields, notFound } from '../http/errors';
import { studioConfig } from '../rules/studio';
import type { RecordOf, Transaction } from '../storage/types';
import { membershipFacts, tellPayer } from './notices';

/*
 * A new price for a running membership: staff propose it from a period that starts at least 30 days
 * ahead, the payer is told and accepts it in /my, and only then does the consented schedule gain it. Not
 * accepted by the time the first charge at it would be announced (48 hours before the period before it
 * ends), the membership is set to end with that period, as cancelled by its payer: nothing is ever
 * charged at a price the payer did not accept. A plan's new list price changes no running membership.
 */

type Membership = RecordOf<'memberships'>;

export const priceChangeSchema = membershipPriceRequest;

/** The first day of period `period` (later than the current one) of the membership. */
export const periodStartOf = (membership: Membership, period: number): string =>
    addMonthsOn(membership.periodEnd, period - membership.period - 1, membership.anchorDay);

const claimed = async (tx: Transaction, id: Identifier) => {
    await tx.claim('memberships', [id]);
    const membership = await tx.get('memberships', id);
    if (!membership) throw notFound(`Membership ${id} does not exist`);
    if (membership.status === 'ended' || membership.cancelAtPeriodEnd)
        throw conflict('The membership has ended or is ending', { status: 'app.memberships.errors.ended' });
    return membership;
};

/** Staff propose `amount` from period `fromPeriod`; the payer is told. Answers the membership. */
export const proposePrice = async (
    tx: Transaction,
    id: Identifier,
    input: z.output<typeof priceChangeSchema>,
    now: Date,
): Promise<Membership> => {
    const membership = await claimed(tx, id);
    const { timezone } = await studioConfig(tx);
    const earliest = addDays(localDateAt(now, timezone), priceNoticeDays);
    if (input.fromPeriod <= membership.period || periodStartOf(membership, input.fromPeriod) < earliest)
        throw invalidFields({ fromPeriod: 'app.memberships.errors.price_too_soon' });
    const priceChange = membershipPriceChange.parse({ ...input, proposedAt: now.toISOString(), acceptedAt: null });
    const proposed = await tx.update('memberships', { ...membership, priceChange });
    await tellPayer(
        tx,
        proposed,
        'membership_price',
        `membership_price:${id}:${now.getTime()}`,
        {
            amount: input.amount,
            membership: {
                ...(await membershipFacts(tx, proposed)),
                chargeOn: periodStartOf(membership, input.fromPeriod),
                previousAmount: priceOfPeriod(membership.prices, input.fromPeriod),
            },
        },
        now,
    );
    return proposed;
};

/** Whether a price proposed and not accepted would apply to the next period: the membership then ends. */
export const priceLapsed = (membership: Membership): boolean =>
    !!membership.priceChange &&
    membership.priceChange.acceptedAt === null &&
    membership.period + 1 >= membership.priceChange.fromPeriod;

/** The payer accepts the new price: the schedule gains it from its period on. Answers the membership. */
export const acceptPrice = async (
    tx: Transaction,
    id: Identifier,
    payerId: Identifier,
    now: Date,
): Promise<Membership> => {
    await tx.claim('memberships', [id]);
    const found = await tx.get('memberships', id);
    if (!found || found.payerId !== payerId) throw notFound(`Membership ${id} does not exist`);
    const membership = await claimed(tx, id);
    const change = membership.priceChange;
    if (!change || change.acceptedAt !== null)
        throw conflict('No new price waits for an answer', { status: 'app.memberships.errors.no_price_change' });
    const prices = [
        ...membership.prices.filter(step => step.fromPeriod < change.fromPeriod),
        { fromPeriod: change.fromPeriod, amount: change.amount },
    ];
    return tx.update('memberships', {
        ...membership,
        prices,
        priceChange: { ...change, acceptedAt: now.toISOString() },
    });
};
