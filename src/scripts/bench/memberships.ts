/*
 * The row "memberships due at once": MEMBERSHIPS_DUE memberships paid by cards saved with ЮKassa, all
 * charged at the same instant. The seeded database gains them as they stand two days after their
 * notice (each in its first period, its card active, its notice delivered 48 hours before its charge);
 * this server starts on a copy with PAYMENT_PROVIDER=yookassa pointed at the bench's stand-in, its clock
 * moved to their charge time, and the memberships job run every second. Measured: the time from the
 * process's spawn until every one has a succeeded charge (GET /api/charges, as an admin reads it), how
 * many moved to their second period, and every request the stand-in got.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addMonthsOn, chargeTime, firstPeriod, noticeTime, periodLastDay } from '../../domain/memberships';
import { addDays, localDateAt } from '../../domain/time';
import type { Customer, Database, Message, Pass, Payment, StoredRecordOf, Subscription } from '../../domain/types';
import { laterInstant, recordedInstants } from '../../server/storage/notes';
import { log, messageOf, sleep } from './helpers';
import type { MailSink } from './mailSink';
import type { Outcome } from './measure';
import { ADMIN, MEMBERSHIPS_DEADLINE_MS, MEMBERSHIPS_DUE, SERVER_ENTRY } from './options';
import {
    freePort,
    makeTempDir,
    removeTempDir,
    spawnServer,
    stopServer,
    waitUntilAnswering,
    type Running,
} from './processes';
import { ourEnv, type Engine } from './subjects';
import { startYookassaStandIn, type YookassaStandIn } from './yookassaStandIn';

export interface MembershipsRun {
    /** From the spawn until all were charged; null when the deadline came first. */
    allChargedMs: number | null;
    /** Charges succeeded, and memberships in their second period, when the measure ended. */
    charged: number;
    moved: number;
    /** Every request the stand-in got, and the payments it made (one per key). */
    requests: number;
    payments: number;
}

const nextId = (records: { id: number }[]) => records.reduce((max, record) => Math.max(max, record.id), 0) + 1;

/** The latest instant the database records something at: the moved clock may not start before it. */
const latestRecorded = (db: Database): string => {
    let latest: string | undefined;
    for (const { collection, field } of recordedInstants)
        for (const record of db[collection] as Record<string, unknown>[]) latest = laterInstant(latest, record[field]);
    return latest ?? new Date(0).toISOString();
};

/**
 * Adds the memberships to a copy of the seeded database at `out`, their cards saved with the stand-in;
 * answers their charge time and plan. Their period ends on the third day after the latest thing the
 * seed recorded, so that their notices, and the moved clock, come after all of it.
 */
export const addDueMemberships = (sourceDb: string, out: string, standIn: YookassaStandIn) => {
    const db = JSON.parse(readFileSync(sourceDb, 'utf8')) as Database;
    const timezone = db.configs.find(config => config.id === 'general')?.timezone ?? 'Europe/Moscow';
    const after = addDays(localDateAt(latestRecorded(db), timezone), 3);
    // A month before, on the same day (or the month's last): the first period of a membership started then.
    const period = firstPeriod(addMonthsOn(after, -1, Number(after.slice(8, 10))));
    const { periodStart: startsOn, periodEnd } = period;
    const chargeAt = chargeTime(periodEnd, timezone);
    const noticeAt = noticeTime(chargeAt);
    const startedAt = `${startsOn}T07:00:00.000Z`;
    const plan: Subscription = {
        ...db.subscriptions[0],
        id: nextId(db.subscriptions),
        name: 'Monthly, renewing',
        price: 3500,
        visits: 8,
        validityDays: 31,
        trial: false,
        active: true,
        autoRenew: true,
        createdAt: startedAt,
    };
    db.subscriptions.push(plan);
    db.paymentMethods ??= [];
    db.memberships ??= [];
    db.messages ??= [];
    for (let n = 0; n < MEMBERSHIPS_DUE; n++) {
        const customer: Customer = {
            id: nextId(db.customers),
            firstName: 'Renewing',
            lastName: `Member ${n}`,
            // A Moscow region's landlines: the seed's phones are all mobile, the other rows' start +7 495.
            phone: `+7496${String(n).padStart(7, '0')}`,
            email: `renewing-${n}@example.test`,
            birthDate: null,
            status: 'active',
            source: null,
            notes: null,
            locale: 'en',
            notify: null,
            telegramLinked: false,
            guardianId: null,
            consentAt: null,
            createdAt: startedAt,
        };
        db.customers.push(customer);
        const token = `bench-pm-${n}`;
        standIn.save(token);
        const card: StoredRecordOf<'paymentMethods'> = {
            id: nextId(db.paymentMethods),
            createdAt: startedAt,
            customerId: customer.id,
            provider: 'yookassa',
            title: `Mir •• ${String(1000 + (n % 9000))}`,
            expiresOn: addDays(periodEnd, 3650),
            status: 'active',
            removedAt: null,
            expiryWarnedAt: null,
            token,
            payerKey: null,
        };
        db.paymentMethods.push(card);
        const payment: Payment = {
            id: nextId(db.payments),
            createdAt: startedAt,
            customerId: customer.id,
            kind: 'payment',
            amount: plan.price,
            method: 'online',
            passId: null,
            paymentLinkId: null,
            paidAt: startedAt,
            note: null,
            createdBy: null,
        };
        db.payments.push(payment);
        const membershipId = nextId(db.memberships);
        const pass: Pass = {
            id: nextId(db.passes),
            createdAt: startedAt,
            customerId: customer.id,
            subscriptionId: plan.id,
            name: plan.name,
            price: plan.price,
            discountReason: null,
            visitsTotal: plan.visits,
            visitsUsed: 0,
            directionIds: [],
            startsOn,
            endsOn: periodLastDay(periodEnd),
            frozenFrom: null,
            frozenTo: null,
            cancelled: false,
            paymentId: payment.id,
            membershipId,
        };
        db.passes.push(pass);
        payment.passId = pass.id;
        const notice: Message = {
            id: nextId(db.messages),
            createdAt: noticeAt,
            customerId: customer.id,
            channel: 'email',
            kind: 'charge_notice',
            bookingId: null,
            dedupeKey: `charge_notice:${membershipId}:${chargeAt}`,
            locale: 'en',
            subject: 'Your membership renews',
            text: `${plan.name}: ${plan.price} will be charged on ${periodEnd}`,
            status: 'sent',
            attempts: 1,
            sendAt: noticeAt,
            sentAt: noticeAt,
            error: null,
            leaseUntil: null,
        };
        db.messages.push(notice);
        db.memberships.push({
            id: membershipId,
            createdAt: startedAt,
            customerId: customer.id,
            payerId: customer.id,
            subscriptionId: plan.id,
            prices: [{ fromPeriod: 1, amount: plan.price }],
            paymentMethodId: card.id,
            status: 'active',
            ...period,
            nextChargeAt: chargeAt,
            cancelAtPeriodEnd: false,
            consentId: null,
            passId: pass.id,
            heldPassId: null,
            noticeMessageId: notice.id,
            priceChange: null,
            paymentLinkId: null,
            endReason: null,
            endedAt: null,
        });
    }
    writeFileSync(out, JSON.stringify(db));
    return { chargeAt, planId: plan.id };
};

/** A list's total, as the list protocol's Content-Range tells it. */
const totalOf = async (base: string, path: string, token: string) => {
    const response = await fetch(`${base}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 120)}`);
    const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
    if (total === undefined) throw new Error(`GET ${path} answered no Content-Range`);
    return { total: Number(total), records: JSON.parse(text) as Record<string, unknown>[] };
};

const listPath = (collection: string, filter: object, last = 0) =>
    `/api/${collection}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(`[0,${last}]`)}`;

/** Waits for the charges, polling twice a second, until all succeeded or the deadline. */
const watch = async (server: Running, standIn: YookassaStandIn, planId: number): Promise<MembershipsRun> => {
    await waitUntilAnswering(server);
    const login = await fetch(`${server.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const succeeded = () => totalOf(server.base, listPath('charges', { status: 'succeeded' }), token);
    let allChargedMs: number | null = null;
    let charged = 0;
    while (performance.now() - server.startedAt < MEMBERSHIPS_DEADLINE_MS) {
        if (server.crash) throw new Error(`crashed (${server.crash})`);
        charged = (await succeeded()).total;
        if (charged >= MEMBERSHIPS_DUE) {
            allChargedMs = performance.now() - server.startedAt;
            break;
        }
        await sleep(500);
    }
    charged = (await succeeded()).total;
    const { records } = await totalOf(
        server.base,
        listPath('memberships', { subscriptionId: planId }, MEMBERSHIPS_DUE - 1),
        token,
    );
    const moved = records.filter(membership => membership.period === 2 && membership.status === 'active').length;
    return { allChargedMs, charged, moved, requests: standIn.requests(), payments: standIn.payments() };
};

/** The row's measure for this server on `engine`, over the seeded database at `sourceDb`. */
export const membershipsDue = async (
    serverDir: string,
    engine: Engine,
    sink: MailSink,
    sourceDb: string,
): Promise<Outcome<MembershipsRun>> => {
    const dir = makeTempDir('studio-bench-memberships-');
    const standIn = await startYookassaStandIn();
    try {
        log(`  this server (${engine.label}): ${MEMBERSHIPS_DUE} memberships due at once`);
        const file = join(dir, 'due.json');
        const { chargeAt, planId } = addDueMemberships(sourceDb, file, standIn);
        const database = await engine.prepare(file, dir);
        try {
            const port = await freePort();
            const base = `http://127.0.0.1:${port}`;
            const server = spawnServer(
                [join(serverDir, SERVER_ENTRY)],
                serverDir,
                {
                    ...ourEnv(engine, sink, database, dir, port),
                    PUBLIC_URL: base,
                    PAYMENT_PROVIDER: 'yookassa',
                    YOOKASSA_SHOP_ID: standIn.shopId,
                    YOOKASSA_SECRET_KEY: standIn.secretKey,
                    YOOKASSA_API_URL: standIn.apiUrl,
                    YOOKASSA_NOTICE_IPS: '127.0.0.1/32',
                    CLOCK_START: chargeAt,
                    MEMBERSHIPS_EVERY_MS: '1000',
                },
                port,
            );
            try {
                return { ok: true, value: await watch(server, standIn, planId) };
            } finally {
                await stopServer(server);
            }
        } finally {
            await engine.discard(database);
        }
    } catch (error) {
        return { ok: false, reason: `failed (${messageOf(error)})` };
    } finally {
        await standIn.stop();
        removeTempDir(dir);
    }
};
