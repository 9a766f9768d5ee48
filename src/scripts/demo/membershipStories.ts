/*
 * One membership's story, written as the server would have written it at each step (the first period's
 * link paid with the card saved, the notices, held passes, charges, declines, the end): its records go
 * into the demo, and those numbered by time across every story are kept to be numbered once all are told.
 */
import { ledgerEntry } from '../../domain/ledger';
import { addMonthsOn, chargeKey, chargeTime, noticeTime, priceOfPeriod } from '../../domain/memberships';
import { messageText, type MessageFacts, type WrittenKind } from '../../domain/messages';
import { passForSale } from '../../domain/money';
import { addDays } from '../../domain/time';
import type { Pass, Payment, StoredRecordOf, Subscription } from '../../domain/types';
import { cardNumbers, keyPrefix, later, storyPeriods, type Later, type Story, type Written } from './membershipTypes';
import { declinedTries } from './membershipTries';
import type { Random } from './random';
import { localInstant, type World } from './world';

type Membership = StoredRecordOf<'memberships'>;
type Charge = StoredRecordOf<'charges'>;
type Message = StoredRecordOf<'messages'>;
type Card = StoredRecordOf<'paymentMethods'>;

export const makeStory = (world: World, random: Random, plans: Subscription[], story: Story, written: Written) => {
    const { db, calendar, config, managerId } = world;
    const tz = calendar.timeZone;
    const plan = plans[story.plan];
    const { anchorDay, starts } = storyPeriods(story);
    const n = story.period;
    const payerId = story.customerId;
    const locale = db.customers.find(customer => customer.id === payerId)?.locale ?? config.defaultLocale;
    const prices = [
        { fromPeriod: 1, amount: plan.price },
        ...(story.raise ? [{ fromPeriod: story.raise.fromPeriod, amount: story.raise.amount }] : []),
    ];
    const price = (k: number) => priceOfPeriod(prices, k);
    const cardTitle = `Visa •• ${story.card}`;
    const facts = { planName: plan.name, cardTitle };

    /** A message the outbox sent by e-mail (`sendAt`: quiet hours moved it). */
    const tell = (
        kind: WrittenKind & Message['kind'],
        dedupeKey: () => string,
        createdAt: string,
        about: Omit<MessageFacts, 'studioName'>,
        sendAt = createdAt,
    ): Later<Message> => {
        const message: Later<Message> = {
            id: 0,
            createdAt,
            record: () => ({
                id: message.id,
                customerId: payerId,
                channel: 'email',
                kind,
                bookingId: null,
                dedupeKey: dedupeKey(),
                locale,
                ...messageText(kind, locale, { studioName: config.studioName, currency: config.currency, ...about }),
                status: 'sent',
                attempts: 1,
                sendAt,
                sentAt: later(sendAt, 3),
                error: null,
                leaseUntil: null,
                createdAt,
            }),
        };
        written.messages.push(message);
        return message;
    };
    const pay = (passId: number, amount: number, paidAt: string, linkId: string | null): Payment => {
        const payment = {
            id: db.payments.length + 1,
            ...ledgerEntry(
                {
                    customerId: payerId,
                    amount,
                    method: 'online',
                    passId,
                    paymentLinkId: linkId ?? undefined,
                    // The first period's link was sent by the manager; a renewal is charged by no one.
                    createdBy: linkId ? managerId : null,
                },
                paidAt,
            ),
            createdAt: paidAt,
        } as Payment;
        db.payments.push(payment);
        return payment;
    };
    const addPass = (k: number, createdAt: string, fields: Partial<Pass>): Pass => {
        const pass = {
            ...passForSale(plan, story.customerId, starts[k]),
            endsOn: addDays(starts[k + 1], -1),
            price: price(k),
            membershipId: story.id,
            ...(k > 1 ? { held: false } : {}),
            ...fields,
            id: db.passes.length + 1,
            createdAt,
        } as Pass;
        db.passes.push(pass);
        return pass;
    };
    const charge = (fields: Omit<Charge, 'id' | 'key' | 'membershipId' | 'provider' | 'paymentMethodId'>) => {
        const made: Later<Charge> = {
            id: 0,
            createdAt: fields.createdAt,
            record: () => ({
                id: made.id,
                membershipId: story.id,
                key: chargeKey(keyPrefix, story.id, fields.periodStart, fields.attempt),
                provider: 'test',
                paymentMethodId: story.id,
                ...fields,
            }),
        };
        written.charges.push(made);
        return made;
    };
    const providerPaymentId = () => `test_charge_${random.bytes(12).toString('hex')}`;

    // The first period: a link from the desk, paid on the payment page with the card saved.
    const linkAt = localInstant(calendar, starts[1], '11:20');
    const paidAt = later(linkAt, 6 * 60 + 12);
    const linkId = random.bytes(16).toString('base64url');
    let current = addPass(1, paidAt, {});
    const firstPayment = pay(current.id, plan.price, paidAt, linkId);
    current.paymentId = firstPayment.id;
    db.paymentLinks.push({
        id: linkId,
        customerId: story.customerId,
        purpose: 'membership',
        subscriptionId: plan.id,
        amount: plan.price,
        description: null,
        status: 'paid',
        expiresAt: later(linkAt, config.paymentLinkTtlHours * 3600),
        paidAt,
        paymentId: firstPayment.id,
        passId: current.id,
        payerId,
        createdAt: linkAt,
    });
    const token = `test_pm_${cardNumbers[story.card]}_${random.bytes(6).toString('hex')}`;
    const card: Card = {
        id: story.id,
        customerId: payerId,
        provider: 'test',
        title: cardTitle,
        expiresOn: story.expiresOn ?? addMonthsOn(calendar.today, 14 + story.id * 3, 31),
        status: 'active',
        removedAt: null,
        expiryWarnedAt: null,
        token,
        // The payer's key at the provider: set once the customers have their final ids.
        payerKey: null,
        createdAt: paidAt,
    };
    db.paymentMethods.push(card);

    const noticeOf = (k: number) => {
        const chargeAt = chargeTime(starts[k], tz);
        const at = later(noticeTime(chargeAt), 4);
        const notice = tell('charge_notice', () => `charge_notice:${story.id}:${chargeAt}`, at, {
            amount: price(k),
            membership: { ...facts, chargeOn: starts[k], previousAmount: price(k - 1) },
        });
        return { chargeAt, at, notice };
    };
    // Each period paid since, by its charge at 10:00 on its first day.
    for (let k = 2; k <= n; k++) {
        const { chargeAt, at, notice } = noticeOf(k);
        const held = addPass(k, at, {});
        const settledAt = later(chargeAt, 4);
        const payment = pay(held.id, price(k), settledAt, null);
        held.paymentId = payment.id;
        charge({
            periodStart: starts[k],
            attempt: 1,
            amount: price(k),
            status: 'succeeded',
            reason: null,
            cause: null,
            providerPaymentId: providerPaymentId(),
            noticeMessageId: null,
            paymentId: payment.id,
            settledAt,
            createdAt: later(chargeAt, 3),
        });
        // The charge names its notice once the messages are numbered.
        const made = written.charges.at(-1) as Later<Charge>;
        const record = made.record;
        made.record = () => ({ ...record(), noticeMessageId: notice.id });
        current = held;
    }

    let status: Membership['status'] = 'active';
    let nextChargeAt: string | null = chargeTime(starts[n + 1], tz);
    let heldPassId: number | null = null;
    let noticed: Later<Message> | null = null;
    let cancelAtPeriodEnd = false;
    let endReason: Membership['endReason'] = null;
    let endedAt: string | null = null;
    let priceChange: Membership['priceChange'] = null;
    if (story.raise) {
        const proposedAt = localInstant(calendar, addDays(starts[story.raise.fromPeriod], -33), '12:10');
        const acceptedAt = localInstant(calendar, addDays(starts[story.raise.fromPeriod], -32), '19:40');
        priceChange = { ...story.raise, proposedAt, acceptedAt };
        tell('membership_price', () => `membership_price:${story.id}:${Date.parse(proposedAt)}`, proposedAt, {
            amount: story.raise.amount,
            membership: { ...facts, chargeOn: starts[story.raise.fromPeriod], previousAmount: plan.price },
        });
    }
    if (story.expiresOn && addDays(story.expiresOn, -7) === calendar.today) {
        // Warned by the job's first run of the day; the quiet hours kept the message until 9:00.
        card.expiryWarnedAt = later(localInstant(calendar, calendar.today, '00:00'), 5);
        tell(
            'card_expiring',
            () => `card_expiring:${card.id}`,
            card.expiryWarnedAt,
            { membership: { ...facts, expiresOn: story.expiresOn } },
            localInstant(calendar, calendar.today, '09:00'),
        );
    }
    if (story.state === 'noticed') {
        const { at, notice } = noticeOf(n + 1);
        heldPassId = addPass(n + 1, at, { held: true }).id;
        noticed = notice;
    }
    if (story.state === 'cancelling' || story.state === 'cancelled') {
        cancelAtPeriodEnd = true;
        nextChargeAt = null;
        endReason = 'customer';
    }
    if (story.state === 'cancelled') {
        // Ended by the job's first run of the period's last day; told at 9:00, after the quiet hours.
        endedAt = later(localInstant(calendar, starts[n + 1], '00:00'), 5);
        status = 'ended';
        tell(
            'membership_ended',
            () => `membership_ended:${story.id}`,
            endedAt,
            { membership: { ...facts, endReason: 'cancelled' } },
            localInstant(calendar, starts[n + 1], '09:00'),
        );
        // Its payer removed the card in the portal two days later: what charged it is forgotten.
        Object.assign(card, {
            status: 'removed',
            removedAt: localInstant(calendar, addDays(starts[n + 1], 2), '20:15'),
            token: null,
        });
    }
    if (story.state === 'past_due' || story.state === 'unpaid') {
        const tried = declinedTries(
            { story, starts, n, facts, graceDays: config.membershipGraceDays, tz },
            { tell, charge, addPass, noticeOf, price, providerPaymentId },
        );
        ({ status, endReason, endedAt, nextChargeAt, heldPassId, noticed } = tried);
    }
    const passId = current.id;
    const membership: Later<Membership> = {
        id: story.id,
        createdAt: paidAt,
        record: () => ({
            id: story.id,
            customerId: story.customerId,
            payerId,
            subscriptionId: plan.id,
            prices,
            paymentMethodId: card.id,
            status,
            period: n,
            periodStart: starts[n],
            periodEnd: starts[n + 1],
            anchorDay,
            nextChargeAt,
            cancelAtPeriodEnd,
            consentId: null,
            passId,
            heldPassId,
            noticeMessageId: noticed?.id ?? null,
            priceChange,
            paymentLinkId: linkId,
            endReason,
            endedAt,
            createdAt: paidAt,
        }),
    };
    written.memberships.push(membership);
    return linkAt;
};
