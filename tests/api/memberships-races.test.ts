import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Charge, Membership } from '../../src/domain/api/memberships';
import type { Database, Message } from '../../src/domain/types';
import { addMembership, addRenewingPlan, yookassaSavedCard } from '../support/memberships';
import {
    demoDb,
    engine,
    freePort,
    removeDir,
    startServer,
    storedDatabase,
    type RunningServer,
} from '../support/server';
import { startYookassa, type YookassaStandIn } from '../support/yookassa';

/*
 * Two servers on one PostgreSQL database charge 200 memberships due at once: each is charged once, asked
 * of ЮKassa (its stand-in, shared by both) once, and paid once. The second server's clock is an hour
 * ahead, so that it takes the memberships job while the first still runs it (the first's lease looks
 * run out to it, as a frozen process's would): both go through the same memberships at the same moment,
 * and only the claim of each membership's row, its committed pending charge and the charge's key keep
 * them from charging twice.
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
let standIn: YookassaStandIn;
const servers: RunningServer[] = [];

/** A server on the test's database, with ЮKassa's stand-in and its own clock. */
const serverAt = async (offsetMs: number, dbFile?: string) => {
    const port = await freePort();
    const server = await startServer({
        ...(dbFile ? { dbFile } : { db }),
        env: {
            PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            PAYMENT_PROVIDER: 'yookassa',
            YOOKASSA_SHOP_ID: standIn.shopId,
            YOOKASSA_SECRET_KEY: standIn.secretKey,
            YOOKASSA_API_URL: standIn.apiUrl,
            YOOKASSA_NOTICE_IPS: '127.0.0.1/32,::1/128',
            MEMBERSHIPS_EVERY_MS: '30',
        },
        clock: () => new Date(chargeAt + offsetMs),
    });
    servers.push(server);
    return server;
};

describe.skipIf(engine !== 'postgres')('200 memberships due at once on two servers', () => {
    beforeAll(async () => {
        standIn = await startYookassa();
        for (const { card } of started) {
            card.provider = 'yookassa';
            card.token = await yookassaSavedCard(standIn);
        }
    });

    afterAll(async () => {
        for (const server of servers) await server.stop();
        if (servers[0]) removeDir(servers[0].dir);
        await standIn?.stop();
    });

    it('charges each once', async () => {
        const first = await serverAt(60_000);
        await serverAt(3_600_000, first.dbFile);
        const ids = new Set(started.map(one => one.membership.id));
        const stored = await vi.waitFor(
            async () => {
                const database = await storedDatabase(first);
                const moved = (database.memberships as Membership[]).filter(one => ids.has(one.id));
                expect(moved.filter(one => one.period === 2)).toHaveLength(count);
                return database;
            },
            { timeout: 120_000, interval: 500 },
        );
        const charges = (stored.charges as Charge[]).filter(charge => ids.has(charge.membershipId));
        expect(charges).toHaveLength(count);
        expect(charges.every(charge => charge.status === 'succeeded' && charge.attempt === 1)).toBe(true);
        expect(new Set(charges.map(charge => charge.membershipId)).size).toBe(count);
        const customers = new Set(started.map(one => one.customer.id));
        const payments = stored.payments.filter(payment => customers.has(payment.customerId));
        expect(payments).toHaveLength(2 * count);
        // ЮKassa made one payment per charge: a charge the other server found open was asked again only
        // under its own key, which ЮKassa never charges twice.
        const keys = new Set(charges.map(charge => charge.key));
        const made = standIn.listPayments().filter(payment => keys.has(payment.metadata.chargeKey));
        expect(made).toHaveLength(count);
        expect(new Set(made.map(payment => payment.metadata.chargeKey)).size).toBe(count);
        expect(made.every(payment => payment.status === 'succeeded')).toBe(true);
    });
});
