/*
 * Memberships that renew by themselves, one in each state a studio sees: renewing with its next
 * period's pass held and its notice sent, at a price that steps up, set by its payer to end, past due
 * after a declined charge with its next try planned, ended by its payer (the card removed since) and
 * ended unpaid, and one just begun. Each is the story the server would have written: the first period
 * paid by a link on the payment page with the card saved, then, each month, the notice 48 hours ahead
 * with the held pass, the charge at 10:00 on the period's last day and the ledger's payment, or its
 * declines and their tries (src/server/memberships).
 */
import { consentTextsOf, shownConsentText } from '../../domain/consents';
import { firstPeriod as firstPeriodOf } from '../../domain/memberships';
import { studioToday } from '../../domain/time';
import { addDays } from '../../domain/time';
import type { Locale } from '../../domain/statuses';
import type { StoredRecordOf, Subscription } from '../../domain/types';
import { makeStory } from './membershipStories';
import { storyPeriods, type Story, type Written } from './membershipTypes';
import { createRandom } from './random';
import { fileOf, localInstant, seen, type World } from './world';

/** The plans sold as memberships, in the studio's language. */
const renewingPlans = (world: World): Subscription[] => {
    const { db, calendar, config } = world;
    const locale: Locale = config.defaultLocale === 'ru' ? 'ru' : 'en';
    const names = {
        unlimited: { ru: 'Безлимит — подписка', en: 'Unlimited monthly membership' },
        eight: { ru: '8 занятий — подписка', en: '8 classes monthly membership' },
    };
    const base = db.subscriptions.find(plan => plan.visits === null && plan.directionIds.length === 0) ?? {
        ...db.subscriptions[0],
    };
    const createdAt = localInstant(calendar, addDays(calendar.setupDay, 3), '10:15');
    const plan = (name: string, price: number, visits: number | null, freezeDays: number): Subscription => ({
        ...base,
        id: db.subscriptions.length + 1,
        name,
        price,
        visits,
        validityDays: 30,
        directionIds: [],
        freezeDays,
        trial: false,
        active: true,
        soldOnline: true,
        makeUps: false,
        autoRenew: true,
        createdAt,
    });
    const unlimited = plan(names.unlimited[locale], 8500, null, 14);
    db.subscriptions.push(unlimited);
    const eight = plan(names.eight[locale], 4900, 8, 7);
    db.subscriptions.push(eight);
    return [unlimited, eight];
};

/**
 * The stories, by the day their current period ends (`ends`, from today) and its number (`period`).
 * The cards are the test provider's: 4242 pays its renewals, 9995 is declined for want of money.
 */
const stories = (today: string): Omit<Story, 'customerId' | 'id'>[] => [
    { key: 'renewing', plan: 0, period: 3, ends: addDays(today, 1), card: '4242', state: 'noticed' },
    {
        key: 'stepping',
        plan: 1,
        period: 3,
        ends: addDays(today, 7),
        card: '4242',
        // The card runs out the day of its next charge: its payer was told this morning.
        expiresOn: addDays(today, 7),
        raise: { amount: 5400, fromPeriod: 4 },
        state: 'active',
    },
    { key: 'cancelling', plan: 0, period: 2, ends: addDays(today, 12), card: '4242', state: 'cancelling' },
    { key: 'past_due', plan: 1, period: 2, ends: addDays(today, -2), card: '9995', state: 'past_due' },
    { key: 'cancelled', plan: 0, period: 3, ends: addDays(today, -13), card: '4242', state: 'cancelled' },
    { key: 'unpaid', plan: 1, period: 2, ends: addDays(today, -20), card: '9995', state: 'unpaid' },
    // Told only when the demo has a customer to spare for it (one just begun).
    { key: 'new', plan: 1, period: 1, ends: addDays(today, 17), card: '4242', state: 'active' },
];

/**
 * Tells each story for a customer in no group (with an e-mail, so that the notices reach them), before
 * the demo's records are renumbered: the passes and payments go with the others.
 */
export const addMemberships = (world: World): void => {
    const { db, calendar } = world;
    const plans = renewingPlans(world);
    // Their own generator: the story of the rest of the demo stays what it was.
    const random = createRandom(4242);
    const takers = world.leads.filter(id => db.customers.find(customer => customer.id === id)?.email);
    // Numbered in the order they began, as the server numbers them.
    const told = stories(calendar.today)
        .slice(0, takers.length)
        .map((story, index) => ({ ...story, customerId: takers[index], first: storyPeriods(story).starts[1] }))
        .sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0))
        .map((story, index) => ({ ...story, id: index + 1 }));
    world.leads = world.leads.filter(id => !told.some(story => story.customerId === id));
    const written: Written = { memberships: [], charges: [], messages: [] };
    for (const story of told) seen(fileOf(world, story.customerId), makeStory(world, random, plans, story, written));
    const byTime = <T extends { createdAt: string; id: number }>(records: T[]) => {
        records.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
        records.forEach((record, index) => (record.id = index + 1));
    };
    byTime(written.charges);
    byTime(written.messages);
    db.memberships = written.memberships.map(one => one.record());
    db.charges = written.charges.map(one => one.record());
    db.messages = written.messages.map(one => one.record());
};

/** How the payer cancels, in the words the payment page shows them (src/server/memberships/start.ts). */
const cancelWords: Record<Locale, string> = {
    en: 'Cancel at any time in your account (/my, Membership) or by asking the studio: nothing more is charged, and the membership ends with the period paid.',
    ru: 'Отменить можно в любой момент в личном кабинете (/my, «Абонемент») или попросив студию: больше ничего не списывается, абонемент заканчивается с оплаченным периодом.',
};

/**
 * Once the customers have their final ids: each payer's autopay consent, as the payment page recorded it
 * with the terms shown, and the customers' statuses (attending while their membership runs).
 */
export const addAutopayConsents = (world: World): void => {
    const { db, config } = world;
    // The payer's key at the provider names the customer by their final id; a removed card keeps none.
    for (const card of db.paymentMethods as StoredRecordOf<'paymentMethods'>[])
        card.payerKey = card.token ? `c${card.customerId}` : null;
    for (const membership of [...db.memberships].sort((a, b) => a.id - b.id)) {
        const payer = db.customers.find(customer => customer.id === membership.payerId);
        const link = db.paymentLinks.find(one => one.id === membership.paymentLinkId);
        const plan = db.subscriptions.find(one => one.id === membership.subscriptionId);
        if (!payer || !link || !plan) continue;
        const at = new Date(Date.parse(link.createdAt) + 2 * 60_000);
        const locale = payer.locale ?? config.defaultLocale;
        // The terms the payment page showed beside the unticked box (src/server/memberships/start.ts).
        const first = firstPeriodOf(studioToday(config.timezone, at));
        const consentText = shownConsentText(consentTextsOf(config), 'autopay', locale, config.studioName);
        const terms = {
            linkId: link.id,
            customerId: membership.customerId,
            subscriptionId: plan.id,
            currency: config.currency,
            prices: [{ fromPeriod: 1, amount: link.amount }],
            chargeDay: first.anchorDay,
            firstPeriod: { periodStart: first.periodStart, periodEnd: first.periodEnd },
            offerUrl: config.offerUrl ?? null,
            cardSaved: true,
            cancel: cancelWords[locale] ?? cancelWords.en,
        };
        const consent = {
            id: db.consents.length + 1,
            customerId: payer.id,
            kind: 'autopay' as const,
            textVersion: consentTextsOf(config).autopay.version,
            text: consentText,
            terms,
            at: at.toISOString(),
            source: 'payment_page' as const,
            ip: null,
            revokedAt: null,
            createdAt: at.toISOString(),
        };
        db.consents.push(consent);
        membership.consentId = consent.id;
        const customer = db.customers.find(one => one.id === membership.customerId);
        if (customer) customer.status = membership.status === 'ended' ? 'left' : 'active';
    }
};
