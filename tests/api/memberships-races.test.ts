import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Charge } from '../../src/domain/api/memberships';
import type { Database, Message } from '../../src/domain/types';
import { addMembership, addRenewingPlan, yookassaSavedCard } from '../support/memberships';
import { demoDb, engine, removeDir, startServerProcess, storedDatabase, type ServerProcess } from '../support/server';
import { startYookassa, type YookassaStandIn } from '../support/yookassa';
import { startPassage, type Passage } from '../support/yookassaPassage';

/*
 * Two server processes (node build/server/main.js, as `npm start` runs it) on one PostgreSQL database
 * charge 200 memberships due at once: each is charged once, ЮKassa (its stand-in, shared by both) makes
 * one payment for each, and the ledger has one payment for each. Both run the memberships job at the same
 * moment over the same memberships: the second starts with its clock an hour further on (CLOCK_START), so
 * that the first's lease on the job looks run out to it, as a frozen process's would; and ЮKassa's answers
 * to the first are held back until the second has asked ЮKassa something, so that the first is in the
 * middle of its run when the second begins. Only the claim of each membership's row, its committed pending
 * charge and the charge's key then keep them from charging twice.
 */

const count = 200;
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly busy');
const started = Array.from({ length: count }, (_, index) =>
    addMembership(db, plan, { firstName: `Busy${index}`, startsOn: '2031-01-15' }),
);
// Each was told of its charge, and the notice delivered, two days before.
for (const { membership } of started) {
    const notice: Message = {
        id: Math.max(0, ...db.messages.map(message => message.id)) + 1,
        createdAt: '2031-02-13T07:00:00.000Z',
        customerId: membership.payerId,
        channel: 'email',
        kind: 'charge_notice',
        bookingId: null,
        dedupeKey: `charge_notice:${membership.id}:${membership.nextChargeAt}`,
        locale: 'en',
        subject: 'Your membership renews',
        text: 'Renews on 15 February',
        status: 'sent',
        attempts: 1,
        sendAt: '2031-02-13T07:00:00.000Z',
        sentAt: '2031-02-13T07:00:00.000Z',
        error: null,
        leaseUntil: null,
    };
    db.messages.push(notice);
    membership.noticeMessageId = notice.id;
}

const chargeAt = Date.parse('2031-02-15T07:00:00.000Z');

type Process = 'first' | 'second';

let secondAsked!: () => void;
const secondHasAsked = new Promise<void>(done => (secondAsked = done));

let standIn: YookassaStandIn;
let passage: Passage;
const servers: ServerProcess[] = [];

/** A server process on the test's database, with ЮKassa's stand-in behind the passage, its clock moved to `at`. */
const processAt = async (by: Process, at: number, dbFile?: string) => {
    const server = await startServerProcess({
        ...(dbFile ? { dbFile } : { db }),
        env: {
            PUBLIC_URL: 'http://127.0.0.1:8',
            PAYMENT_PROVIDER: 'yookassa',
            YOOKASSA_SHOP_ID: standIn.shopId,
            YOOKASSA_SECRET_KEY: standIn.secretKey,
            YOOKASSA_API_URL: passage.apiUrl(by),
            YOOKASSA_NOTICE_IPS: '127.0.0.1/32,::1/128',
            MEMBERSHIPS_EVERY_MS: '30',
            CLOCK_START: new Date(at).toISOString(),
        },
    });
    servers.push(server);
    return server;
};

describe.skipIf(engine !== 'postgres')('200 memberships due at once on two server processes', () => {
    beforeAll(async () => {
        standIn = await startYookassa();
        // ЮKassa makes the first's payments at once; its answers reach the first only once the second runs too.
        passage = await startPassage(standIn, ask => {
            if (ask.by === 'second') secondAsked();
            return ask.by === 'first' ? secondHasAsked : undefined;
        });
        for (const { card } of started) {
            card.provider = 'yookassa';
            card.token = await yookassaSavedCard(standIn);
        }
    });

    afterAll(async () => {
        for (const server of servers) await server.stop('SIGKILL');
        if (servers[0]) removeDir(servers[0].dir);
        secondAsked();
        await passage?.stop();
        await standIn?.stop();
    });

    it('charges each once', async () => {
        // ЮKassa's clock at the servers' moved time, so that a process finds a payment the other made by its
        // key among ЮKassa's payments of that time, as it would on real time.
        standIn.shift(chargeAt + 60_000 - Date.now());
        const first = await processAt('first', chargeAt + 60_000);
        // The first is charging: ЮKassa has been asked, and waits to answer.
        await vi.waitFor(() => expect(passage.asked.some(one => one.by === 'first')).toBe(true), {
            timeout: 30_000,
            interval: 20,
        });
        await processAt('second', chargeAt + 3_600_000, first.dbFile);
        const ids = new Set(started.map(one => one.membership.id));
        // Polled by one count (an export of the whole database each time would slow both processes).
        const watcher = new pg.Client({ connectionString: readFileSync(`${first.dbFile}.database-url`, 'utf8') });
        await watcher.connect();
        try {
            await vi.waitFor(
                async () => {
                    const { rows } = await watcher.query<{ moved: number }>(
                        'SELECT count(*)::int AS moved FROM memberships WHERE id = ANY($1::integer[]) AND period = 2',
                        [[...ids]],
                    );
                    expect(rows[0].moved).toBe(count);
                },
                { timeout: 120_000, interval: 200 },
            );
        } finally {
            await watcher.end();
        }
        const stored = await storedDatabase(first);
        const charges = (stored.charges as Charge[]).filter(charge => ids.has(charge.membershipId));
        expect(charges).toHaveLength(count);
        expect(charges.every(charge => charge.status === 'succeeded' && charge.attempt === 1)).toBe(true);
        expect(new Set(charges.map(charge => charge.membershipId)).size).toBe(count);
        const customers = new Set(started.map(one => one.customer.id));
        const payments = stored.payments.filter(payment => customers.has(payment.customerId));
        // The first month's payment and the renewal's, for each.
        expect(payments).toHaveLength(2 * count);
        for (const charge of charges)
            expect(payments.filter(payment => payment.id === charge.paymentId)).toHaveLength(1);

        // ЮKassa made one payment per membership, under its charge's key.
        const keys = new Set(charges.map(charge => charge.key));
        const made = standIn.listPayments().filter(payment => keys.has(payment.metadata.chargeKey));
        expect(made).toHaveLength(count);
        expect(new Set(made.map(payment => payment.metadata.chargeKey))).toEqual(keys);
        expect(made.every(payment => payment.status === 'succeeded')).toBe(true);
        // Both processes asked ЮKassa to charge, each membership under its one key only. The charges the
        // first had under way when the second began were found at ЮKassa by their keys, not asked again; a
        // charge the other process has committed but not yet sent may be asked again under its key, which
        // ЮKassa never charges twice: at most twice.
        const renewals = passage.asked.filter(one => one.method === 'POST' && one.path === '/v3/payments');
        expect(new Set(renewals.map(one => one.by))).toEqual(new Set(['first', 'second']));
        const cardOf = new Map(started.map(one => [one.card.token, one.membership.id]));
        const keyOf = new Map(charges.map(charge => [charge.membershipId, charge.key]));
        for (const one of renewals) expect(one.key).toBe(keyOf.get(cardOf.get(one.paymentMethodId ?? null) ?? -1));
        expect(new Set(renewals.map(one => one.key)).size).toBe(count);
        const asks = new Map<string | undefined, number>();
        for (const one of renewals) asks.set(one.key, (asks.get(one.key) ?? 0) + 1);
        expect(Math.max(...asks.values())).toBeLessThanOrEqual(2);
        const searched = passage.asked.filter(one => one.by === 'second' && one.method === 'GET');
        expect(searched.length).toBeGreaterThan(0);
    });
});
