import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, studioToday } from '../../src/domain/time';
import type { Attendance, Booking, Database, OnlinePayment, Pass, Payment, PaymentLink } from '../../src/domain/types';
import { testSignature } from '../../src/server/payments/signatures';
import { PgStorage } from '../../src/server/storage/postgres/pgStorage';
import { exportDatabase } from '../../src/server/storage/postgres/transfer';
import { abbreviated, importedDatabase, signIn, type Signed } from '../support/engines';
import { postgresAvailable, type PostgresCluster, startPostgres } from '../support/postgres';
import { call, type DemoRole, engine, removeDir, startServerProcess } from '../support/server';
import { freshPhone } from '../support/factories';
import { settledView, testCards } from '../support/payOnline';
import { startMailbox, type Mailbox } from '../support/smtp';

/*
 * Two server processes on one PostgreSQL database, as two instances behind a load balancer run: the
 * checks that guard money and visits hold across processes, not only inside one. Requests are fired at
 * once, alternating between the processes, and the outcome is read through the API and straight from
 * the tables (exportDatabase):
 * - a payment link is paid once (one payment, one pass) when the provider's notice of one payment comes
 *   to both processes at once, many times, and when many payers pay it at once on both processes, the
 *   other payments being given back;
 * - the same customer marked on the same class from both processes is charged one visit, and marks on
 *   many classes at once never charge more visits than the pass holds;
 * - refunds at once never give back more than was paid;
 * - 40 bookings at once for 5 seats give 5 seats and a line of 35 with no error answer, and three
 *   cancels at once move up exactly the first three; one customer booking ten classes at once is
 *   promised no more visits than the pass holds, and one class at once gets one seat;
 * - a SERIALIZABLE write that counted a class's seats before a booking claimed the class runs again;
 * - both processes' message runners sending at once send each message once.
 * Runs once, in the db.json project (it starts its own PostgreSQL), when PostgreSQL is installed.
 */

const today = studioToday('Europe/Moscow', new Date());
/** The key both processes' test provider signs its notices with: the test signs the ones it repeats. */
const providerSecret = 'test-provider-secret-for-the-races';

let cluster: PostgresCluster;
let url: string;
let servers: Signed[];
let mailbox: Mailbox;

/** The i-th request goes to process i mod 2. */
const on = (index: number) => servers[index % 2];
const request = (index: number, method: string, path: string, json?: unknown, role: DemoRole | null = 'manager') =>
    call(on(index).server.url, `/api${path}`, { method, json, token: role ? on(index).tokens[role] : undefined });
const listOf = async <T>(collection: string, filter: object): Promise<T[]> => {
    const { status, body } = await request(
        0,
        'GET',
        `/${collection}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,999]&sort=["id","ASC"]`,
    );
    expect(status).toBe(200);
    return body as unknown as T[];
};
/** The test provider's payment of a begun attempt: the last segment of its checkout page. */
const providerPaymentOf = (begun: { body: Record<string, unknown> }) =>
    String(begun.body.confirmationUrl).split('/').pop() as string;
/** The payer's card on the test provider's page, of process `index` (the one that began the payment). */
const checkout = (index: number, paymentId: string) =>
    call(on(index).server.url, `/api/public/test-checkout/${paymentId}`, { method: 'POST', json: testCards.paid });
/** A notice signed as the test provider signs its own, to process `index`. */
const notify = (index: number, body: object) => {
    const raw = JSON.stringify(body);
    return call(on(index).server.url, '/api/public/providers/test', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Test-Signature': testSignature(raw, providerSecret) },
        body: raw,
    });
};
/** Waits on process `index` until the attempt's notice is in. */
const settledOn = (index: number, linkId: string, attemptId: string) =>
    settledView(on(index).server.url, linkId, attemptId);
const stored = async () => (await exportDatabase(url)).values as unknown as Database;
const statusCounts = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>(
        (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
        {},
    );

let customerCount = 0;
const newCustomer = async () => {
    customerCount += 1;
    const { status, body } = await request(customerCount, 'POST', '/customers', {
        firstName: 'Race',
        lastName: `Test ${customerCount}`,
        phone: freshPhone(),
        // Someone in line is told when the seat is theirs.
        email: `race-${customerCount}@example.test`,
        status: 'active',
    });
    expect(status, abbreviated(body)).toBe(201);
    return body.id as number;
};

let minutes = 0;
/** A class of its own today, early, at a time no other class of the test takes. */
const newClass = async () => {
    minutes += 5;
    const startsAt = `${today}T0${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
    const { status, body } = await request(minutes, 'POST', '/events', {
        courseId: 1,
        teacherId: 3,
        studioId: 3,
        startsAt,
        durationMinutes: 5,
        capacity: 50,
    });
    expect(status, abbreviated(body)).toBe(201);
    return body.id as number;
};

let evening = 0;
/** A class of its own late tomorrow, when booking is open, at a time no other class of the test takes. */
const tomorrowsClass = async (capacity: number) => {
    evening += 1;
    const { status, body } = await request(evening, 'POST', '/events', {
        courseId: 1,
        teacherId: 3,
        studioId: 3,
        // Eleven late slots a day, from tomorrow on.
        startsAt: `${addDays(today, 1 + Math.floor((evening - 1) / 11))}T23:${String((((evening - 1) % 11) + 1) * 5).padStart(2, '0')}`,
        durationMinutes: 5,
        capacity,
    });
    expect(status, abbreviated(body)).toBe(201);
    return body.id as number;
};

/** A link selling plan 3 (5200) to the customer. */
const newLink = async (customerId: number) => {
    const { status, body } = await request(0, 'POST', '/paymentLinks', { customerId, subscriptionId: 3 });
    expect(status, abbreviated(body)).toBe(201);
    return body as unknown as PaymentLink;
};

/** The link is paid once, as both processes and the tables say: one payment, one pass. Answers the payments. */
const oneLinkPaidOnce = async (linkId: string, customerId: number) => {
    for (const index of [0, 1]) {
        expect((await request(index, 'GET', `/paymentLinks/${linkId}`)).body).toMatchObject({
            status: 'paid',
            paymentId: expect.any(Number),
            passId: expect.any(Number),
        });
    }
    const payments = await listOf<Payment>('payments', { paymentLinkId: linkId });
    expect(payments).toMatchObject([{ amount: 5200, kind: 'payment', method: 'online', customerId, createdBy: null }]);
    expect(await listOf<Pass>('passes', { customerId })).toMatchObject([
        { id: payments[0].passId, paymentId: payments[0].id, paid: 5200 },
    ]);

    const db = await stored();
    expect(db.payments.filter(payment => payment.paymentLinkId === linkId)).toHaveLength(1);
    expect(db.passes.filter(pass => pass.customerId === customerId)).toHaveLength(1);
    expect(db.paymentLinks.find(one => one.id === linkId)).toMatchObject({
        status: 'paid',
        paymentId: payments[0].id,
        passId: payments[0].passId,
    });
    return payments;
};

const sell = async (customerId: number, subscriptionId: number) => {
    const { status, body } = await request(0, 'POST', '/passes/sell', {
        customerId,
        subscriptionId,
        startsOn: today,
        method: 'cash',
    });
    expect(status, abbreviated(body)).toBe(201);
    return body as unknown as { pass: Pass; payment: Payment };
};

describe.skipIf(engine !== 'json' || !postgresAvailable)('two server processes on one PostgreSQL database', () => {
    beforeAll(async () => {
        cluster = await startPostgres();
        url = await importedDatabase(cluster);
        // One after the other: the first brings the schema up to date, the second finds it so.
        mailbox = await startMailbox();
        // Both send messages, looking often, to one mail server.
        const env = {
            DATABASE_URL: url,
            SMTP_URL: mailbox.url,
            MAIL_FROM: 'studio@example.test',
            MESSAGES_EVERY_MS: '20',
            // One key for both processes' test provider, so that either takes a notice the test signs.
            TEST_PROVIDER_SECRET: providerSecret,
            // The test provider's payments live in the process that began them: the job of the other one
            // could not give them back, so it does not run during the test.
            PAYMENTS_EVERY_MS: String(3_600_000),
        };
        const first = await startServerProcess({ env });
        const second = await startServerProcess({ env });
        servers = await Promise.all([signIn(first), signIn(second)]);
        // The servers keep the real time: no quiet hours, so that what is queued goes at any hour of the run.
        const config = (await request(0, 'GET', '/configs/general', undefined, 'admin')).body;
        const quiet = await request(0, 'PUT', '/configs/general', { ...config, quietHours: null }, 'admin');
        expect(quiet.status, abbreviated(quiet.body)).toBe(200);
    });

    afterAll(async () => {
        for (const signed of servers ?? []) {
            await signed.server.stop();
            removeDir(signed.server.dir);
        }
        await cluster?.stop();
        await mailbox?.stop();
    });

    it('makes one payment and one pass of one payment whose notice comes to both processes at once, many times', async () => {
        const customerId = await newCustomer();
        const link = await newLink(customerId);
        const begun = await request(0, 'POST', `/public/payment-links/${link.id}/pay`, {}, null);
        expect(begun.status, abbreviated(begun.body)).toBe(200);
        const attemptId = String(begun.body.attemptId);
        const paymentId = providerPaymentOf(begun);
        const body = { event: 'payment.succeeded', paymentId, attemptId, amount: '5200.00', currency: 'RUB' };

        // The payer's card on the provider's page (its own notice follows 20 ms later on process 0), and
        // the same notice repeated 40 times at once on both processes, as a provider sending it again does.
        const [paid, ...answers] = await Promise.all([
            checkout(0, paymentId),
            ...Array.from({ length: 40 }, (_, index) => notify(index, body)),
        ]);
        expect(paid.status, abbreviated(paid.body)).toBe(200);
        expect(answers.map(answer => answer.status)).toEqual(answers.map(() => 200));
        // A notice that comes again later, on either process, changes nothing.
        expect((await notify(1, body)).status).toBe(200);
        await settledOn(0, link.id, attemptId);
        expect((await notify(0, body)).status).toBe(200);

        const payments = await oneLinkPaidOnce(link.id, customerId);
        expect(await listOf<OnlinePayment>('onlinePayments', { paymentLinkId: link.id })).toMatchObject([
            { id: attemptId, status: 'succeeded', paymentId: payments[0].id },
        ]);
    }, 180_000);

    it('makes one payment and one pass of many payers paying one link at once on both processes, and gives the rest back', async () => {
        const customerId = await newCustomer();
        const link = await newLink(customerId);

        // Three payers on the provider's page at once, two began on process 0 and one on process 1. A payment
        // begun a moment ago is offered again to the next payer, so each began while the link asked another
        // amount for a moment (a manager's edit, taken back): the payments begun meanwhile are left unpaid.
        const attempts = new Map<string, { owner: number; paymentId: string }>();
        const left: string[] = [];
        for (const owner of [0, 1, 0]) {
            const begun = await request(owner, 'POST', `/public/payment-links/${link.id}/pay`, {}, null);
            expect(begun.status, abbreviated(begun.body)).toBe(200);
            attempts.set(String(begun.body.attemptId), { owner, paymentId: providerPaymentOf(begun) });
            expect((await request(owner, 'PUT', `/paymentLinks/${link.id}`, { ...link, amount: 5100 })).status).toBe(
                200,
            );
            const meanwhile = await request(1 - owner, 'POST', `/public/payment-links/${link.id}/pay`, {}, null);
            expect(meanwhile.status, abbreviated(meanwhile.body)).toBe(200);
            left.push(String(meanwhile.body.attemptId));
            expect((await request(owner, 'PUT', `/paymentLinks/${link.id}`, link)).status).toBe(200);
        }
        expect(new Set([...attempts.keys(), ...left]).size).toBe(6);

        // Every payer pays at once, each on the provider's page of the process that began the payment; each
        // notice comes from the provider and, repeated, at once again on that process.
        const paid = await Promise.all(
            [...attempts.values()].map(({ owner, paymentId }) => checkout(owner, paymentId)),
        );
        expect(paid.map(answer => answer.status)).toEqual(paid.map(() => 200));
        const repeated = await Promise.all(
            [...attempts].flatMap(([attemptId, { owner, paymentId }]) =>
                [0, 1, 2].map(() =>
                    notify(owner, {
                        event: 'payment.succeeded',
                        paymentId,
                        attemptId,
                        amount: '5200.00',
                        currency: 'RUB',
                    }),
                ),
            ),
        );
        expect(repeated.map(answer => answer.status)).toEqual(repeated.map(() => 200));
        for (const [attemptId, { owner }] of attempts) await settledOn(owner, link.id, attemptId);

        const payments = await oneLinkPaidOnce(link.id, customerId);
        // One payer's payment is the link's; every other one is given back, the link being paid.
        const all = await listOf<OnlinePayment>('onlinePayments', { paymentLinkId: link.id });
        expect(all).toHaveLength(6);
        const settled = all.filter(attempt => attempts.has(attempt.id));
        expect(all.filter(attempt => left.includes(attempt.id)).map(attempt => attempt.status)).toEqual([
            'pending',
            'pending',
            'pending',
        ]);
        expect(settled.filter(attempt => attempt.status === 'succeeded')).toMatchObject([
            { paymentId: payments[0].id },
        ]);
        expect(
            settled
                .filter(attempt => attempt.status !== 'succeeded')
                .map(attempt => [attempt.status, attempt.reason, attempt.paymentId]),
        ).toEqual([
            ['refunded', 'link_paid', null],
            ['refunded', 'link_paid', null],
        ]);
    }, 180_000);

    it('charges one visit when both processes mark the same customer on the same class at once', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 3);
        const eventId = await newClass();

        const answers = await Promise.all(
            Array.from({ length: 20 }, (_, index) =>
                request(
                    index,
                    'POST',
                    '/attendances',
                    { eventId, customerId, status: 'attended' },
                    index % 3 === 0 ? 'teacher' : 'manager',
                ),
            ),
        );
        const counts = statusCounts(answers);
        expect(counts[201], abbreviated(counts)).toBe(1);
        expect(
            answers
                .filter(answer => answer.status !== 201 && answer.status !== 409)
                .map(answer => [answer.status, answer.body]),
        ).toEqual([]);

        expect(await listOf<Attendance>('attendances', { eventId, customerId })).toMatchObject([
            { charged: true, unpaid: false, passId: pass.id },
        ]);
        for (const index of [0, 1])
            expect((await request(index, 'GET', `/passes/${pass.id}`)).body).toMatchObject({ visitsUsed: 1 });
        const db = await stored();
        expect(db.attendances.filter(mark => mark.eventId === eventId && mark.customerId === customerId)).toHaveLength(
            1,
        );
        expect(db.passes.find(one => one.id === pass.id)).toMatchObject({ visitsUsed: 1 });
    }, 180_000);

    it('never charges more visits than the pass holds when many classes are marked at once', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 2);
        expect(pass.visitsTotal).toBe(4);
        const events: number[] = [];
        for (let count = 0; count < 10; count++) events.push(await newClass());

        const answers = await Promise.all(
            events.map((eventId, index) =>
                request(index, 'POST', '/attendances', { eventId, customerId, status: 'attended' }),
            ),
        );
        expect(
            answers.map(answer => answer.status),
            abbreviated(answers.map(answer => answer.body)),
        ).toEqual(events.map(() => 201));
        const marks = answers.map(answer => answer.body as unknown as Attendance);
        // Four charged to the pass, the rest saved as debts: no visit charged twice, none beyond the pass.
        expect(marks.filter(mark => mark.charged && mark.passId === pass.id)).toHaveLength(4);
        expect(marks.filter(mark => mark.unpaid && !mark.charged && mark.passId === null)).toHaveLength(6);

        expect((await request(1, 'GET', `/passes/${pass.id}`)).body).toMatchObject({ visitsUsed: 4 });
        const db = await stored();
        const storedMarks = db.attendances.filter(mark => mark.customerId === customerId);
        expect(storedMarks).toHaveLength(10);
        expect(storedMarks.filter(mark => mark.charged)).toHaveLength(4);
        expect(db.passes.find(one => one.id === pass.id)).toMatchObject({ visitsUsed: 4 });
    }, 180_000);

    it('never refunds more than was paid when refunds of the pass and of the customer come at once', async () => {
        const customerId = await newCustomer();
        const { pass, payment } = await sell(customerId, 3);
        expect(payment.amount).toBe(5200);

        // 20 refunds of 1,000, half for the pass and half for the customer: at most five fit in 5,200.
        const answers = await Promise.all(
            Array.from({ length: 20 }, (_, index) =>
                request(index, 'POST', '/payments/refund', {
                    customerId,
                    amount: 1000,
                    method: 'cash',
                    ...(index % 4 < 2 && { passId: pass.id }),
                }),
            ),
        );
        const counts = statusCounts(answers);
        expect(counts[201] ?? 0, abbreviated(counts)).toBeGreaterThan(0);
        expect(counts[201] ?? 0, abbreviated(counts)).toBeLessThanOrEqual(5);
        // Refused because too much would be refunded (400), or after a collision the server gave up on (409): never an error.
        expect(
            answers
                .filter(answer => answer.status !== 201 && answer.status !== 400 && answer.status !== 409)
                .map(answer => [answer.status, answer.body]),
        ).toEqual([]);
        expect(answers.filter(answer => answer.status === 400).map(answer => answer.body.errors)).toEqual(
            answers
                .filter(answer => answer.status === 400)
                .map(() => ({ amount: 'app.money.errors.refund_too_large' })),
        );

        const refunds = await listOf<Payment>('payments', { customerId, kind: 'refund' });
        expect(refunds).toHaveLength(counts[201]);
        const db = await stored();
        const ledger = db.payments.filter(entry => entry.customerId === customerId);
        const refunded = ledger.filter(entry => entry.kind === 'refund').reduce((sum, entry) => sum + entry.amount, 0);
        expect(refunded).toBe(1000 * counts[201]);
        expect(refunded).toBeLessThanOrEqual(5200);
        // A refund the limit still allows succeeds afterwards: the refusals were the limit, not a stuck database.
        const rest = 5200 - refunded;
        if (rest > 0)
            expect(
                (await request(1, 'POST', '/payments/refund', { customerId, amount: rest, method: 'cash' })).status,
            ).toBe(201);
        expect(
            await request(0, 'POST', '/payments/refund', { customerId, amount: 0.01, method: 'cash' }),
        ).toMatchObject({ status: 400, body: { errors: { amount: 'app.money.errors.refund_too_large' } } });
    }, 180_000);

    it('gives 40 bookings at once for 5 seats exactly 5 seats and a line of 35, and three cancels move up the first three', async () => {
        const eventId = await tomorrowsClass(5);
        const crowd: number[] = [];
        for (let count = 0; count < 40; count++) {
            const customerId = await newCustomer();
            await sell(customerId, 3);
            crowd.push(customerId);
        }

        const answers = await Promise.all(
            crowd.map((customerId, index) =>
                request(index, 'POST', '/bookings', { eventId, customerId, waitlist: true }),
            ),
        );
        expect(
            answers.map(answer => answer.status),
            abbreviated(answers.map(answer => answer.body)),
        ).toEqual(crowd.map(() => 201));
        const all = await listOf<Booking & { position: number | null }>('bookings', { eventId });
        expect(all.filter(booking => booking.status === 'booked')).toHaveLength(5);
        const line = all
            .filter(booking => booking.status === 'waitlisted')
            .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
        expect(line.map(booking => booking.position)).toEqual(Array.from({ length: 35 }, (_, index) => index + 1));

        const seated = all.filter(booking => booking.status === 'booked').slice(0, 3);
        const cancels = await Promise.all(
            seated.map((booking, index) => request(index, 'POST', `/bookings/${booking.id}/cancel`)),
        );
        expect(cancels.map(answer => answer.status)).toEqual([200, 200, 200]);
        const after = (await stored()).bookings.filter(booking => booking.eventId === eventId);
        expect(after.filter(booking => booking.status === 'booked')).toHaveLength(5);
        expect(
            after
                .filter(booking => booking.promotedAt !== null)
                .map(booking => booking.customerId)
                .sort(),
        ).toEqual(
            line
                .slice(0, 3)
                .map(booking => booking.customerId)
                .sort(),
        );
        expect(after.filter(booking => booking.status === 'waitlisted')).toHaveLength(32);
    }, 180_000);

    it('promises one customer booking ten classes at once no more visits than the pass holds, and one class one seat', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 2);
        expect(pass.visitsTotal).toBe(4);
        const events: number[] = [];
        for (let count = 0; count < 10; count++) events.push(await tomorrowsClass(10));

        const answers = await Promise.all(
            events.map((eventId, index) => request(index, 'POST', '/bookings', { eventId, customerId })),
        );
        const counts = statusCounts(answers);
        expect(counts, abbreviated(answers.map(answer => answer.body))).toEqual({ 201: 4, 409: 6 });
        expect(answers.filter(answer => answer.status === 409).map(answer => answer.body.errors)).toEqual(
            Array.from({ length: 6 }, () => ({ eventId: 'no_pass' })),
        );

        const db = await stored();
        const own = db.bookings.filter(booking => booking.customerId === customerId);
        expect(own.filter(booking => booking.status === 'booked')).toHaveLength(4);
        expect(own.every(booking => booking.passId === pass.id)).toBe(true);

        // Another customer booked 20 times at once into one class: one seat, the rest told so.
        const other = await newCustomer();
        await sell(other, 3);
        const again = await Promise.all(
            Array.from({ length: 20 }, (_, index) =>
                request(index, 'POST', '/bookings', { eventId: events[0], customerId: other }),
            ),
        );
        expect(statusCounts(again), abbreviated(again.map(answer => answer.body))).toEqual({ 201: 1, 409: 19 });
        expect(again.filter(answer => answer.status === 409).map(answer => answer.body.errors)).toEqual(
            Array.from({ length: 19 }, () => ({ eventId: 'already_booked' })),
        );
        expect(
            (await stored()).bookings.filter(booking => booking.eventId === events[0] && booking.customerId === other),
        ).toHaveLength(1);
    }, 180_000);

    it('runs a SERIALIZABLE write again when a booking claimed the class after it counted the seats', async () => {
        const eventId = await newClass();
        const customerId = await newCustomer();
        const storage = await PgStorage.open({
            url,
            poolSize: 2,
            log: { info: () => {}, warn: () => {}, error: () => {} },
        });
        try {
            let attempts = 0;
            let counted!: () => void;
            let booked!: () => void;
            const hasCounted = new Promise<void>(resolve => (counted = resolve));
            const hasBooked = new Promise<void>(resolve => (booked = resolve));
            const serializable = storage.transaction(async tx => {
                attempts += 1;
                const seats = await tx.count('bookings', { eventId });
                if (attempts === 1) {
                    counted();
                    await hasBooked;
                }
                await tx.claim('events', [eventId]);
                return seats;
            });
            await hasCounted;
            await storage.transaction(
                async tx => {
                    await tx.claim('events', [eventId]);
                    await tx.insert('bookings', {
                        eventId,
                        customerId,
                        status: 'booked',
                        source: 'staff',
                        bookedBy: null,
                        passId: null,
                        late: false,
                        promotedAt: null,
                        cancelledAt: null,
                        attendanceId: null,
                    });
                },
                { claimed: true },
            );
            booked();
            // The first attempt counted no seat; claiming after the booking's commit made it run again and count it.
            expect(await serializable).toBe(1);
            expect(attempts).toBe(2);
        } finally {
            await storage.close();
        }
    }, 60_000);

    it('lets one runner at a time take a job, and the next take it once it is let go or its hold ends', async () => {
        const open = () =>
            PgStorage.open({ url, poolSize: 2, log: { info: () => {}, warn: () => {}, error: () => {} } });
        const [one, other] = await Promise.all([open(), open()]);
        try {
            // Both server processes made their jobs at start: the records are there.
            const now = new Date().toISOString();
            const later = new Date(Date.now() + 60_000).toISOString();
            const taken = await Promise.all([
                one.takeJob('pass_notices', now, later),
                other.takeJob('pass_notices', now, later),
            ]);
            expect(taken.filter(job => job !== null)).toHaveLength(1);
            const job = taken.find(found => found !== null)!;
            const holder = taken[0] ? one : other;
            const waiting = taken[0] ? other : one;
            expect(await waiting.takeJob('pass_notices', now, later)).toBeNull();
            await holder.finishJob(job, { runs: job.runs + 1, lastFinishedAt: now, lastError: null });
            const next = await waiting.takeJob('pass_notices', now, later);
            expect(next).toMatchObject({ runs: job.runs + 1, lastFinishedAt: now });
            // A runner that stopped holding it: after its hold, another takes it.
            const afterHold = new Date(Date.now() + 120_000).toISOString();
            expect(await holder.takeJob('pass_notices', afterHold, afterHold)).not.toBeNull();
            await holder.finishJob(next!, null);
        } finally {
            await Promise.all([one.close(), other.close()]);
        }
    });

    it('sends each message once while both processes send', async () => {
        const eventId = await tomorrowsClass(40);
        const emails: string[] = [];
        const customers: number[] = [];
        for (let count = 0; count < 30; count++) {
            const email = `race-mail-${count}@example.test`;
            const { status, body } = await request(count, 'POST', '/customers', {
                firstName: 'Mail',
                lastName: `Race ${count}`,
                phone: freshPhone(),
                email,
                status: 'active',
            });
            expect(status).toBe(201);
            await sell(body.id as number, 3);
            emails.push(email);
            customers.push(body.id as number);
        }
        // Each booking queues a message, and each sale did ("payment received"): 60 in all, from both processes.
        const answers = await Promise.all(
            customers.map((customerId, index) => request(index, 'POST', '/bookings', { eventId, customerId })),
        );
        expect(answers.map(answer => answer.status)).toEqual(customers.map(() => 201));
        await vi.waitFor(() => expect(emails.flatMap(email => mailbox.to(email))).toHaveLength(60), {
            timeout: 30_000,
            interval: 100,
        });
        // A while longer: nothing comes twice.
        await new Promise(done => setTimeout(done, 500));
        for (const email of emails)
            expect(
                mailbox
                    .to(email)
                    .map(mail => mail.subject)
                    .sort(),
            ).toEqual(['Студия «Пульс»: вы записаны', 'Студия «Пульс»: оплата получена']);
        const db = await stored();
        const sent = db.messages.filter(message => customers.includes(message.customerId));
        expect(sent).toHaveLength(60);
        expect(sent.every(message => message.status === 'sent' && message.attempts === 1)).toBe(true);
    }, 180_000);
});
