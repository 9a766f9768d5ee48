import { randomBytes } from 'node:crypto';
import type { MembershipTerms } from '../../domain/api/memberships';
import { consentTextsOf, shownConsentText } from '../../domain/consents';
import { firstPeriod } from '../../domain/memberships';
import type { Locale } from '../../domain/statuses';
import { studioToday } from '../../domain/time';
import type { Config, Customer, Identifier, PaymentLink, Subscription } from '../../domain/types';
import { recordConsent } from '../consents';
import { conflict, invalidFields } from '../http/errors';
import { studioConfig } from '../rules/studio';
import { erasedRefusal } from '../rules/erased';
import { isErased } from '../../domain/privacy';
import type { NewRecord, Reader, Transaction } from '../storage/types';

/*
 * Starting a membership: the payment link of its first period (made by staff, or by the customer in the
 * portal), the terms its payer is shown before the unticked box, and the autopay consent that keeps them.
 * The membership itself is made only by that payment's verified notice (startSettle.ts).
 */

/** A membership that still runs: charged, or being tried again after a decline. */
export const runningStatuses = ['active', 'past_due'] as const;

export interface StartInput {
    customerId: Identifier;
    subscriptionId: Identifier;
    payerId?: Identifier | null;
}

/** The running membership of this customer and plan, if any. */
export const runningMembership = async (reader: Reader, customerId: Identifier, subscriptionId: Identifier) =>
    (await reader.select('memberships', { customerId, subscriptionId, status: [...runningStatuses] }))[0];

/** 409 while the customer has a running membership of the plan: a second would charge the card twice. */
export const checkNoRunning = async (reader: Reader, customerId: Identifier, subscriptionId: Identifier) => {
    if (await runningMembership(reader, customerId, subscriptionId))
        throw conflict('The customer already has a running membership of this plan', {
            subscriptionId: 'app.memberships.errors.membership_active',
        });
};

/**
 * 409 while the studio takes no payments online: a membership starts with its first period paid online,
 * which saves the card its renewals charge, so a link nobody can pay is never made.
 */
export const checkPaysOnline = (online: boolean) => {
    if (!online)
        throw conflict('Online payment is not set up: a membership starts with its first payment online', {
            subscriptionId: 'app.memberships.errors.payments_off',
        });
};

/** A plan sold as a membership: it exists, is sold, and renews each month. */
export const renewingPlan = async (reader: Reader, subscriptionId: Identifier): Promise<Subscription> => {
    const plan = await reader.get('subscriptions', subscriptionId);
    if (!plan) throw invalidFields({ subscriptionId: 'app.validation.reference' });
    if (!plan.active) throw invalidFields({ subscriptionId: 'app.money.errors.plan_inactive' });
    if (!plan.autoRenew) throw invalidFields({ subscriptionId: 'app.memberships.errors.not_renewing' });
    return plan;
};

/**
 * Who pays: the one named, else the guardian of a ward, else the customer. A ward never pays (their
 * guardian consents for them).
 */
export const payerOf = async (reader: Reader, customer: Customer, payerId?: Identifier | null): Promise<Customer> => {
    const id = payerId ?? customer.guardianId ?? customer.id;
    const payer = id === customer.id ? customer : await reader.get('customers', id);
    if (!payer) throw invalidFields({ payerId: 'app.validation.reference' });
    if (payer.guardianId != null) throw invalidFields({ payerId: 'app.memberships.errors.payer_ward' });
    return payer;
};

/**
 * The first period's link, inside `tx`: the plan's price, for the customer, paid by the payer, pending
 * until the studio's link lifetime runs out. A link for the same customer, plan, payer and price still
 * waiting is answered again (`made` false), so that a second press makes no second link.
 */
export const membershipLink = async (
    tx: Transaction,
    input: StartInput,
    now: Date,
): Promise<{ link: PaymentLink; made: boolean; payer: Customer; plan: Subscription }> => {
    const customer = await tx.get('customers', input.customerId);
    if (!customer) throw invalidFields({ customerId: 'app.validation.reference' });
    if (isErased(customer)) throw erasedRefusal();
    const plan = await renewingPlan(tx, input.subscriptionId);
    const payer = await payerOf(tx, customer, input.payerId);
    // Presses for one customer take turns, on every server process.
    await tx.claim('customers', [customer.id]);
    await checkNoRunning(tx, customer.id, plan.id);
    const waiting = (
        await tx.select('paymentLinks', { customerId: customer.id, status: 'pending', purpose: 'membership' })
    ).find(
        link =>
            link.subscriptionId === plan.id &&
            link.payerId === payer.id &&
            link.membershipId == null &&
            link.amount === plan.price &&
            Date.parse(link.expiresAt) > now.getTime(),
    );
    if (waiting) return { link: waiting, made: false, payer, plan };
    const { paymentLinkTtlHours } = await studioConfig(tx);
    const record: NewRecord<'paymentLinks'> = {
        // A link's id is its secret: 128 random bits.
        id: randomBytes(16).toString('base64url'),
        customerId: customer.id,
        purpose: 'membership',
        subscriptionId: plan.id,
        passId: null,
        penaltyId: null,
        amount: plan.price,
        description: null,
        status: 'pending',
        expiresAt: new Date(now.getTime() + paymentLinkTtlHours * 3_600_000).toISOString(),
        paidAt: null,
        paymentId: null,
        // No membershipId: that is a past-due period's link, which the memberships job makes.
        payerId: payer.id,
    };
    return { link: (await tx.insert('paymentLinks', record)) as PaymentLink, made: true, payer, plan };
};

/** How the payer cancels, as the terms say it, in their language. */
const cancelWords: Record<Locale, string> = {
    en: 'Cancel at any time in your account (/my, Membership) or by asking the studio: nothing more is charged, and the membership ends with the period paid.',
    ru: 'Отменить можно в любой момент в личном кабинете (/my, «Абонемент») или попросив студию: больше ничего не списывается, абонемент заканчивается с оплаченным периодом.',
};

/**
 * The terms shown beside the unticked box: the price from the first period, the first period if paid
 * today (its end is the day of each next charge), the studio's offer and the consent's words in the
 * payer's language.
 */
export const membershipTerms = (
    config: Config,
    plan: Pick<Subscription, 'name'>,
    amount: number,
    locale: Locale,
    now: Date,
): MembershipTerms & { cancel: string } => {
    const first = firstPeriod(studioToday(config.timezone, now));
    return {
        planName: plan.name,
        currency: config.currency,
        prices: [{ fromPeriod: 1, amount }],
        firstPeriod: { periodStart: first.periodStart, periodEnd: first.periodEnd },
        chargeDay: first.anchorDay,
        offerUrl: config.offerUrl ?? null,
        consentText: shownConsentText(consentTextsOf(config), 'autopay', locale, config.studioName),
        cancel: cancelWords[locale] ?? cancelWords.en,
    };
};

/** The terms of a membership link, in its payer's language. */
export const termsOfLink = async (reader: Reader, link: PaymentLink, now: Date) => {
    const config = await studioConfig(reader);
    const payer = await reader.get('customers', link.payerId ?? link.customerId);
    const plan = await reader.get('subscriptions', link.subscriptionId);
    return membershipTerms(config, { name: plan?.name ?? '' }, link.amount, payer?.locale ?? config.defaultLocale, now);
};

/**
 * Records the payer's autopay consent to a membership link's terms as shown (`payment_page` or
 * `portal`), before the provider's page: its settlement links the consent to the membership by
 * `terms.linkId`.
 */
export const consentToLink = async (
    tx: Transaction,
    link: PaymentLink,
    source: 'payment_page' | 'portal',
    now: Date,
    ip: string | null = null,
) => {
    const config = await studioConfig(tx);
    const payer = await tx.get('customers', link.payerId ?? link.customerId);
    if (!payer) throw invalidFields({ payerId: 'app.validation.reference' });
    const {
        consentText,
        currency,
        prices,
        chargeDay,
        firstPeriod: first,
        offerUrl,
        cancel,
    } = await termsOfLink(tx, link, now);
    const consent = await recordConsent(
        tx,
        {
            customer: payer,
            kind: 'autopay',
            source,
            now,
            ip,
            terms: {
                linkId: link.id,
                customerId: link.customerId,
                subscriptionId: link.subscriptionId,
                currency,
                prices,
                chargeDay,
                firstPeriod: first,
                offerUrl,
                cardSaved: true,
                cancel,
            },
        },
        config,
    );
    // The words shown are those of the consent as recorded: the same text, whatever language.
    return { consent, consentText };
};
