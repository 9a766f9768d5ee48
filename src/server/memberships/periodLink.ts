import { passForSale } from '../../domain/money';
import { nextPeriodEnd, periodLastDay } from '../../domain/memberships';
import type { Config, Pass, PaymentLink, Payment, StoredRecordOf } from '../../domain/types';
import { recordPassPayment } from '../money';
import type { NewRecord, RecordOf, Transaction } from '../storage/types';
import { heldPassOf } from './held';
import { callPayer } from './notices';
import { payNextPeriod } from './renewals';

/*
 * The link that pays a past-due period with a new card (sent when the saved card was declined for the
 * card): its payment, settled exactly once by the online payments' notice in their transaction, pays the
 * held pass, saves the new card, sets it on the membership and makes it active again, in the next period.
 * Paid after the membership ended, it sells that period's pass, as a link paid by hand would, and the
 * membership stays ended: the card saved with it is not kept, since restarting the membership needs a new
 * consent, and the managers get a task to call (the payer may have meant to go on, or paid that month
 * twice). Paid without a card saved, the period is paid and the membership ends at its end (no card to
 * charge).
 */

type Membership = RecordOf<'memberships'>;

const paidAfterEndTitles: Record<Config['defaultLocale'], string> = {
    en: 'Call about the membership: its month was paid by the link after the membership had ended, so the month’s pass was sold and the membership did not restart',
    ru: 'Позвонить по подписке: месяц оплачен по ссылке уже после окончания подписки, поэтому продан абонемент на этот месяц, а подписка не возобновилась',
};

export interface PeriodLinkPayment {
    /** The link (purpose `membership`, with its membershipId). */
    link: PaymentLink;
    /** The provider that took the payment. */
    provider: RecordOf<'paymentMethods'>['provider'];
    /** The card the provider saved with it, when it did. */
    savedCard?: { token: string; title: string; expiresOn: string | null } | null;
    /** The payer's key at the provider, as the payment gave it (CloudPayments AccountId, T-Bank CustomerKey). */
    payerKey?: string | null;
}

/** A period's pass sold plainly, paid by the link: the membership is over. */
const sellPeriodPass = async (tx: Transaction, membership: Membership, link: PaymentLink, now: Date) => {
    const plan = await tx.get('subscriptions', membership.subscriptionId);
    if (!plan) throw new Error(`The plan ${membership.subscriptionId} of membership ${membership.id} is gone`);
    const startsOn = membership.periodEnd;
    const pass = await tx.insert('passes', {
        ...passForSale(plan, membership.customerId, startsOn),
        endsOn: periodLastDay(nextPeriodEnd(startsOn, membership.anchorDay)),
        price: link.amount,
    });
    return recordPassPayment(
        tx,
        pass,
        { amount: link.amount, method: 'online', createdBy: null, paymentLinkId: link.id },
        now,
    );
};

/** The card a new one replaces, removed (its token deleted) unless another running membership is charged to it. */
const removeReplaced = async (tx: Transaction, membership: Membership, now: Date) => {
    if (membership.paymentMethodId == null) return;
    const old = (await tx.get('paymentMethods', membership.paymentMethodId)) as
        StoredRecordOf<'paymentMethods'> | undefined;
    if (!old || old.status !== 'active') return;
    const others = (await tx.select('memberships', { paymentMethodId: old.id })).filter(
        one => one.id !== membership.id && one.status !== 'ended',
    );
    if (others.length) return;
    // The token is deleted with the removal: a field the records' type leaves out.
    const removed: NewRecord<'paymentMethods'> & Pick<typeof old, 'id' | 'createdAt' | 'token' | 'payerKey'> = {
        ...old,
        status: 'removed',
        removedAt: now.toISOString(),
        token: null,
        payerKey: null,
    };
    await tx.update('paymentMethods', removed);
};

/**
 * Settles a paid link of a membership's period inside the caller's transaction (the notice's, exactly
 * once), and marks the link paid. Answers the payment and the pass it paid.
 */
export const settlePeriodLink = async (
    tx: Transaction,
    { link, provider, savedCard, payerKey }: PeriodLinkPayment,
    now: Date,
): Promise<{ payment: Payment; pass: Pass; membership: Membership }> => {
    if (link.membershipId == null) throw new Error(`The link ${link.id} pays no membership's period`);
    await tx.claim('memberships', [link.membershipId]);
    const found = await tx.get('memberships', link.membershipId);
    if (!found) throw new Error(`The membership ${link.membershipId} of link ${link.id} is gone`);
    let membership = found;
    let paid: { payment: Payment; pass: Pass };
    // Past due, it pays the held pass; active (a new card from /my), the next period, held or in advance.
    if (membership.status === 'ended' || (membership.status === 'past_due' && !(await heldPassOf(tx, membership)))) {
        paid = await sellPeriodPass(tx, membership, link, now);
        if (membership.status === 'ended') await callPayer(tx, membership, paidAfterEndTitles, now);
    } else {
        if (savedCard) {
            // The token is stored, never answered: a field the records' type leaves out.
            const saved: Omit<StoredRecordOf<'paymentMethods'>, 'id' | 'createdAt'> = {
                customerId: link.payerId ?? membership.payerId,
                provider,
                title: savedCard.title,
                expiresOn: savedCard.expiresOn,
                status: 'active',
                removedAt: null,
                expiryWarnedAt: null,
                token: savedCard.token,
                payerKey: payerKey ?? `c${link.payerId ?? membership.payerId}`,
            };
            const card = await tx.insert('paymentMethods', saved);
            await removeReplaced(tx, membership, now);
            membership = await tx.update('memberships', { ...membership, paymentMethodId: card.id });
        }
        const period = await payNextPeriod(tx, membership, link.amount, now, link.id);
        membership = savedCard
            ? period.membership
            : // Nothing to charge the next period to: it ends with the period paid.
              await tx.update('memberships', { ...period.membership, cancelAtPeriodEnd: true, endReason: 'no_card' });
        paid = period;
    }
    await tx.update('paymentLinks', {
        ...((await tx.get('paymentLinks', link.id)) ?? link),
        status: 'paid',
        paidAt: now.toISOString(),
        paymentId: paid.payment.id,
        passId: paid.pass.id,
    });
    return { ...paid, membership };
};
