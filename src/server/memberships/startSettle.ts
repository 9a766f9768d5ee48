import type { PublicMembershipTerms } from '../../domain/api/memberships';
import { chargeTime, firstPeriod, periodLastDay } from '../../domain/memberships';
import { studioToday } from '../../domain/time';
import type { Config, Identifier, StoredRecordOf, Subscription } from '../../domain/types';
import { recordSale } from '../money';
import type { MembershipLinks, MembershipSettling } from '../payments';
import { studioConfig } from '../rules/studio';
import type { NewRecord, Reader, Transaction } from '../storage/types';
import { addTask } from '../tasks';
import { settlePeriodLink } from './periodLink';
import { consentToLink, termsOfLink } from './start';

/*
 * A membership link's verified payment, inside the notice's transaction (which runs once per attempt):
 * the first period's pass sold and paid, and, with the card the provider saved, that card and the
 * membership from the studio's today on the consented terms. Without a saved card the customer keeps
 * the pass they paid for, no membership starts, and the managers get a task to call.
 */

const noCardTitles: Record<Config['defaultLocale'], string> = {
    en: 'Call about the membership: the first month was paid but no card was saved, so the membership did not start',
    ru: 'Позвонить по подписке: первый месяц оплачен, но карта не сохранилась, поэтому подписка не началась',
};

/** The payer's autopay consent given for this link (the latest, when the page was opened twice). */
const consentOfLink = async (reader: Reader, payerId: Identifier, linkId: string) =>
    (await reader.select('consents', { customerId: payerId, kind: 'autopay' }))
        .filter(consent => consent.terms?.linkId === linkId)
        .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)[0];

export const settleMembershipLink = async (
    tx: Transaction,
    { attempt, link, entry, provider, savedCard, now }: MembershipSettling,
) => {
    if (link.membershipId != null) {
        // A past-due period paid with a new card: the membership goes on with it.
        const paid = await settlePeriodLink(
            tx,
            { link, provider, savedCard, payerKey: `c${link.payerId ?? link.customerId}` },
            now,
        );
        return { paymentId: paid.payment.id, passId: paid.pass.id };
    }
    const config = await studioConfig(tx);
    const today = studioToday(config.timezone, now);
    const plan = (await tx.get('subscriptions', link.subscriptionId)) as Subscription;
    const sold = await recordSale(tx, { ...entry, customerId: attempt.customerId, plan, startsOn: today }, now);
    const paymentId = sold.payment?.id as number;
    const payerId = link.payerId ?? link.customerId;
    if (!savedCard) {
        await addTask(tx, {
            title: noCardTitles[config.defaultLocale] ?? noCardTitles.en,
            kind: 'call',
            source: 'membership',
            customerId: link.customerId,
            dueAt: now.toISOString(),
        });
        return { paymentId, passId: sold.pass.id };
    }
    // What charges the card is kept with it, and never answered (a hidden field of the collection).
    const card: NewRecord<'paymentMethods'> & Pick<StoredRecordOf<'paymentMethods'>, 'token' | 'payerKey'> = {
        customerId: payerId,
        provider,
        title: savedCard.title,
        expiresOn: savedCard.expiresOn,
        status: 'active',
        removedAt: null,
        expiryWarnedAt: null,
        token: savedCard.token,
        payerKey: `c${payerId}`,
    };
    const method = await tx.insert('paymentMethods', card);
    const period = firstPeriod(today);
    const consent = await consentOfLink(tx, payerId, link.id);
    const membership = await tx.insert('memberships', {
        customerId: link.customerId,
        payerId,
        subscriptionId: plan.id,
        prices: [{ fromPeriod: 1, amount: link.amount }],
        paymentMethodId: method.id,
        status: 'active',
        ...period,
        nextChargeAt: chargeTime(period.periodEnd, config.timezone),
        cancelAtPeriodEnd: false,
        consentId: consent?.id ?? null,
        passId: sold.pass.id,
        heldPassId: null,
        noticeMessageId: null,
        priceChange: null,
        paymentLinkId: link.id,
        endReason: null,
        endedAt: null,
    });
    // The period's pass runs the calendar month, whatever days the plan gives a pass sold at the desk.
    await tx.update('passes', { ...sold.pass, membershipId: membership.id, endsOn: periodLastDay(period.periodEnd) });
    return { paymentId, passId: sold.pass.id };
};

/** The memberships' part of paying a `membership` link, handed to the payments room. */
export const membershipLinks: MembershipLinks = {
    terms: async (reader, link, now): Promise<PublicMembershipTerms> => {
        const {
            currency,
            prices,
            chargeDay,
            firstPeriod: first,
            offerUrl,
            consentText,
        } = await termsOfLink(reader, link, now);
        return { currency, prices, chargeDay, firstPeriod: first, offerUrl, consentText };
    },
    consent: (tx, link, now, ip) => consentToLink(tx, link, 'payment_page', now, ip),
    settle: settleMembershipLink,
};
