import { cardExpiryWarningDays, priceOfPeriod } from '../../domain/memberships';
import type { MessageFacts } from '../../domain/messages';
import { addDays, localDateAt } from '../../domain/time';
import type { Config, Message } from '../../domain/types';
import { queueMessage } from '../messages';
import { studioConfig } from '../rules/studio';
import type { RecordOf, Transaction } from '../storage/types';
import { addTask } from '../tasks';
import { heldPassOf, holdNextPass, keepHeldToGrace } from './held';

/*
 * What a membership's payer is told: the charge 48 hours ahead (its day, amount, card and where to cancel,
 * which no message choice switches off), a decline, its end, a saved card about to expire. A payer no
 * channel reaches cannot be told before a charge: the membership goes past due and staff get a task to
 * call, since a charge is never made without its notice.
 */

type Membership = RecordOf<'memberships'>;

/** What a membership's messages speak of: its plan and card. */
export const membershipFacts = async (tx: Transaction, membership: Membership) => {
    const plan = await tx.get('subscriptions', membership.subscriptionId);
    const card =
        membership.paymentMethodId == null ? undefined : await tx.get('paymentMethods', membership.paymentMethodId);
    return { planName: plan?.name ?? '', cardTitle: card?.title ?? null };
};

/** Queues a message to the payer (unless one with its key is queued already) and answers it as stored. */
export const tellPayer = async (
    tx: Transaction,
    membership: Membership,
    kind: Message['kind'] & `${'charge' | 'membership' | 'card'}_${string}`,
    dedupeKey: string,
    facts: Omit<MessageFacts, 'studioName'>,
    now: Date,
): Promise<Message> => {
    await queueMessage(tx, { customerId: membership.payerId, kind, dedupeKey, facts, now });
    const [message] = await tx.select('messages', { dedupeKey });
    return message;
};

/** Whether a queued message will reach its recipient: one skipped (no channel) never will. */
export const reaches = (message: Message) => message.status !== 'skipped' && message.status !== 'failed';

const callTitles: Record<Config['defaultLocale'], string> = {
    en: 'Call about the membership: no message reaches the payer, so its card is not charged',
    ru: 'Позвонить по подписке: сообщения не доходят до плательщика, поэтому карта не списывается',
};

/** A task for the managers, due now, to call the membership's payer: titled in the studio's language. */
export const callPayer = async (
    tx: Transaction,
    membership: Membership,
    titles: Record<Config['defaultLocale'], string>,
    now: Date,
) => {
    const config = await studioConfig(tx);
    await addTask(tx, {
        title: titles[config.defaultLocale] ?? titles.en,
        kind: 'call',
        source: 'membership',
        customerId: membership.payerId,
        membershipId: membership.id,
        dueAt: now.toISOString(),
    });
};

/**
 * The membership past due for want of a channel, and a task for the managers to call the payer. Its notice
 * is let go: nothing is charged on a notice that did not reach, and it is not looked at again.
 */
export const unreachable = async (tx: Transaction, membership: Membership, now: Date): Promise<Membership> => {
    await callPayer(tx, membership, callTitles, now);
    const held = await heldPassOf(tx, membership);
    if (held) await keepHeldToGrace(tx, held);
    return tx.update('memberships', { ...membership, status: 'past_due', noticeMessageId: null });
};

/**
 * Whether the membership's notice, queued as if it would reach the payer, was then skipped or failed (the
 * studio's mail not set up, an address that bounces): it will never be delivered, so the charge it
 * announced cannot be made.
 */
export const noticeLost = async (reader: Pick<Transaction, 'get'>, membership: Membership): Promise<boolean> => {
    if (membership.status === 'ended' || membership.noticeMessageId == null) return false;
    const notice = await reader.get('messages', membership.noticeMessageId);
    return notice !== undefined && !reaches(notice);
};

/**
 * The notice of the next charge, with the next period's pass sold as held, in one write: the payer
 * told of the day, the amount and the card, or, when no channel reaches them, the membership past due
 * and a task to call. Answers the membership as stored.
 */
export const noticeNextCharge = async (tx: Transaction, membership: Membership, now: Date): Promise<Membership> => {
    const config = await studioConfig(tx);
    const amount = priceOfPeriod(membership.prices, membership.period + 1);
    const held = (await heldPassOf(tx, membership)) ?? (await holdNextPass(tx, membership, amount));
    const chargeAt = membership.nextChargeAt as string;
    // A notice withdrawn (a new card, a freeze) is followed by a new one under a key of its own.
    const withdrawn = await tx.count('messages', { dedupeKey: `charge_notice:${membership.id}:${chargeAt}` });
    const key = `charge_notice:${membership.id}:${chargeAt}${withdrawn ? `:${now.getTime()}` : ''}`;
    const message = await tellPayer(
        tx,
        membership,
        'charge_notice',
        key,
        {
            amount,
            membership: {
                ...(await membershipFacts(tx, membership)),
                chargeOn: localDateAt(chargeAt, config.timezone),
                // The first charge at a higher price says so.
                previousAmount: priceOfPeriod(membership.prices, membership.period),
            },
        },
        now,
    );
    const noticed = await tx.update('memberships', {
        ...membership,
        heldPassId: held.id,
        noticeMessageId: message.id,
    });
    return reaches(message) ? noticed : unreachable(tx, noticed, now);
};

/**
 * Tells the payer of each saved card that expires within 7 days, once, with the link to change it:
 * only cards that pay a membership still going. Answers how many were told.
 */
export const warnExpiringCards = async (tx: Transaction, now: Date): Promise<number> => {
    const today = localDateAt(now, (await studioConfig(tx)).timezone);
    let told = 0;
    for (const card of await tx.select('paymentMethods', { status: 'active', expiryWarnedAt: null })) {
        if (!card.expiresOn || addDays(card.expiresOn, -cardExpiryWarningDays) > today || card.expiresOn < today)
            continue;
        const paying = (await tx.select('memberships', { paymentMethodId: card.id })).find(
            membership => membership.status !== 'ended',
        );
        if (!paying) continue;
        await tellPayer(
            tx,
            paying,
            'card_expiring',
            `card_expiring:${card.id}`,
            { membership: { ...(await membershipFacts(tx, paying)), expiresOn: card.expiresOn } },
            now,
        );
        await tx.update('paymentMethods', { ...card, expiryWarnedAt: now.toISOString() });
        told += 1;
    }
    return told;
};
