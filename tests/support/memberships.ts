import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import { addMonthsOn, chargeTime, firstPeriod, periodLastDay } from '../../src/domain/memberships';
import { addDays } from '../../src/domain/time';
import type { Charge, Membership } from '../../src/domain/api/memberships';
import type { Customer, Database, Message, Pass, Payment, StoredRecordOf, Subscription } from '../../src/domain/types';
import { addCustomer, addPass, freshPhone, nextId } from './factories';
import { call, login, type RunningServer } from './server';
import type { YookassaStandIn } from './yookassa';

/*
 * Memberships made directly in a test's copy of the database, as if their first period had been paid:
 * the payer's saved card (the test provider's token, its number inside), the membership in its first
 * period, the first pass and its payment. And the reads a memberships test makes through the API.
 */

export const zone = 'Europe/Moscow';

/** The test provider's saved cards: their renewals pay, are declined for money, or for the card. */
export const savedCards = {
    paid: '4242424242424242',
    poor: '4000000000009995',
    expired: '4000000000000069',
} as const;

let tokens = 0;

/** A plan that renews each month, 8 visits, 3500. */
export const addRenewingPlan = (db: Database, name = 'Monthly 8'): Subscription => {
    const plan: Subscription = {
        ...db.subscriptions[0],
        id: nextId(db.subscriptions),
        name,
        price: 3500,
        visits: 8,
        validityDays: 31,
        autoRenew: true,
    };
    db.subscriptions.push(plan);
    return plan;
};

interface Started {
    customer: Customer;
    payer: Customer;
    membership: Membership;
    card: StoredRecordOf<'paymentMethods'>;
    firstPass: Pass;
}

/** A membership of `plan` started on `startsOn`, paid by a saved card of `cardNumber`. */
export const addMembership = (
    db: Database,
    plan: Subscription,
    {
        firstName,
        startsOn,
        cardNumber = savedCards.paid,
        email = `${firstName.toLowerCase()}.member@example.test`,
        fields = {},
    }: {
        firstName: string;
        startsOn: string;
        cardNumber?: string;
        email?: string | null;
        fields?: Partial<Membership>;
    },
): Started => {
    const customer = addCustomer(db, { firstName, lastName: 'Member', phone: freshPhone(), email, locale: 'en' });
    const period = firstPeriod(startsOn);
    tokens += 1;
    const card: StoredRecordOf<'paymentMethods'> = {
        id: nextId(db.paymentMethods),
        createdAt: `${startsOn}T09:00:00.000Z`,
        customerId: customer.id,
        provider: 'test',
        title: `Visa •• ${cardNumber.slice(-4)}`,
        expiresOn: '2030-12-31',
        status: 'active',
        removedAt: null,
        expiryWarnedAt: null,
        token: `test_pm_${cardNumber}_${String(tokens).padStart(12, '0')}`,
        payerKey: `c${customer.id}`,
    };
    db.paymentMethods.push(card);
    const firstPass = addPass(db, {
        customerId: customer.id,
        subscriptionId: plan.id,
        name: plan.name,
        price: plan.price,
        visitsTotal: plan.visits,
        startsOn,
        endsOn: periodLastDay(period.periodEnd),
    });
    const payment: Payment = {
        id: nextId(db.payments),
        createdAt: `${startsOn}T09:00:00.000Z`,
        customerId: customer.id,
        kind: 'payment',
        amount: plan.price,
        method: 'online',
        passId: firstPass.id,
        paymentLinkId: null,
        paidAt: `${startsOn}T09:00:00.000Z`,
        note: null,
        createdBy: null,
    };
    db.payments.push(payment);
    firstPass.paymentId = payment.id;
    const membership: Membership = {
        id: nextId(db.memberships),
        createdAt: `${startsOn}T09:00:00.000Z`,
        customerId: customer.id,
        payerId: customer.id,
        subscriptionId: plan.id,
        prices: [{ fromPeriod: 1, amount: plan.price }],
        paymentMethodId: card.id,
        status: 'active',
        ...period,
        nextChargeAt: chargeTime(period.periodEnd, zone),
        cancelAtPeriodEnd: false,
        consentId: null,
        passId: firstPass.id,
        heldPassId: null,
        noticeMessageId: null,
        priceChange: null,
        paymentLinkId: null,
        endReason: null,
        endedAt: null,
        ...fields,
    };
    db.memberships.push(membership);
    return { customer, payer: customer, membership, card, firstPass };
};

/**
 * A membership whose only part is to show that a run of the job happened at a clock: its notice is due at
 * 10:00 (07:00 UTC) on `day` and is sent by the first run from then on, which looked at every membership
 * at the same clock. Wait for it with `noticeSent`.
 */
export const addWitness = (db: Database, plan: Subscription, firstName: string, day: string) => {
    const end = addDays(day, 2);
    return addMembership(db, plan, { firstName, startsOn: addMonthsOn(end, -1, Number(end.slice(8, 10))) });
};

/** The API as the manager reads it, on the server the test runs now. */
export const membershipReads = (server: () => RunningServer) => {
    const get = async <T>(path: string): Promise<T> => {
        const answer = await call(server().url, `/api${path}`, { token: await login(server().url, 'manager') });
        expect(answer.status, answer.text).toBe(200);
        return answer.body as unknown as T;
    };
    const filtered = <T>(resource: string, filter: object) =>
        get<T[]>(`/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=["id","ASC"]&range=[0,999]`);
    const read = {
        membership: (id: number) => get<Membership>(`/memberships/${id}`),
        charges: (membershipId: number) => filtered<Charge>('charges', { membershipId }),
        passes: (customerId: number) => filtered<Pass>('passes', { customerId }),
        payments: (customerId: number) => filtered<Payment>('payments', { customerId }),
        messages: (customerId: number, kind: Message['kind']) => filtered<Message>('messages', { customerId, kind }),
        tasks: (customerId: number) => filtered<{ source: string; kind: string }>('tasks', { customerId }),
    };
    /** Waits until the membership passes `check` (the job and the sending run on their own); answers it. */
    const until = (id: number, check: (membership: Membership) => void) =>
        vi.waitFor(
            async () => {
                const membership = await read.membership(id);
                check(membership);
                return membership;
            },
            { timeout: 30_000, interval: 50 },
        );
    /** Waits until the membership's notice (or decline message) for its next charge was sent; answers it. */
    const noticeSent = (id: number) =>
        vi.waitFor(
            async () => {
                const membership = await read.membership(id);
                expect(membership.noticeMessageId).not.toBeNull();
                const [message] = (await read.messages(membership.payerId, 'charge_notice'))
                    .concat(await read.messages(membership.payerId, 'charge_declined'))
                    .filter(one => one.id === membership.noticeMessageId);
                expect(message?.status).toBe('sent');
                return { membership, message };
            },
            { timeout: 30_000, interval: 50 },
        );
    return { read, until, noticeSent };
};

/** A card ЮKassa's stand-in saved with a first payment, as ЮKassa saves one: its payment method's id. */
export const yookassaSavedCard = async (standIn: YookassaStandIn): Promise<string> => {
    const created = await fetch(`${standIn.apiUrl}/payments`, {
        method: 'POST',
        headers: {
            Authorization: `Basic ${Buffer.from(`${standIn.shopId}:${standIn.secretKey}`).toString('base64')}`,
            'Idempotence-Key': randomUUID(),
            'Content-Type': 'application/json',
        },
        body: JSON.stringify({
            amount: { value: '3500.00', currency: 'RUB' },
            capture: true,
            save_payment_method: true,
            confirmation: { type: 'redirect', return_url: 'http://127.0.0.1/back' },
        }),
    });
    const { id } = (await created.json()) as { id: string };
    await standIn.pay(id);
    return standIn.payment(id)?.payment_method?.id as string;
};

/**
 * The database as it was before memberships: without them, their cards, charges, passes (and those passes'
 * payments, seats and visits), links and tasks; for the tests of a database of an older version.
 */
export const withoutMemberships = (db: Database): Database => {
    const passIds = new Set(db.passes.filter(pass => pass.membershipId != null).map(pass => pass.id));
    const ofThem = (passId: number | null | undefined) => passId != null && passIds.has(passId);
    const links = db.paymentLinks.filter(link => link.purpose === 'membership' || ofThem(link.passId));
    const linkIds = new Set(links.map(link => link.id));
    return {
        ...db,
        memberships: [],
        charges: [],
        paymentMethods: [],
        passes: db.passes.filter(pass => !ofThem(pass.id)),
        payments: db.payments.filter(
            payment => !ofThem(payment.passId) && !(payment.paymentLinkId && linkIds.has(payment.paymentLinkId)),
        ),
        paymentLinks: db.paymentLinks.filter(link => !linkIds.has(link.id)),
        bookings: db.bookings.filter(booking => !ofThem(booking.passId)),
        attendances: db.attendances.filter(attendance => !ofThem(attendance.passId)),
        tasks: db.tasks.filter(task => task.membershipId == null),
    };
};
