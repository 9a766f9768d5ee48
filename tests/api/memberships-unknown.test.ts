import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { noticeTime } from '../../src/domain/memberships';
import type { Database } from '../../src/domain/types';
import { addMembership, addRenewingPlan, addWitness, membershipReads, yookassaSavedCard } from '../support/memberships';
import { portalClient } from '../support/portal';
import { demoDb, freePort, removeDir, startServer, type RunningServer } from '../support/server';
import { startMailbox, type Mailbox } from '../support/smtp';
import { startYookassa, type YookassaStandIn } from '../support/yookassa';

/*
 * Renewals through ЮKassa's stand-in, on both engines and a moved clock: a charge whose answer never came
 * is found by its key before anything else is asked, asked again under the same key, and makes one
 * payment, whether ЮKassa had made it or not; a card its payer removed is never asked to pay; a renewal
 * ЮKassa decides later stays pending until it does.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly online');
const jana = addMembership(db, plan, { firstName: 'Jana', startsOn: '2030-02-10' });
const lena = addMembership(db, plan, { firstName: 'Lena', startsOn: '2030-02-12' });
const karl = addMembership(db, plan, { firstName: 'Karl', startsOn: '2030-02-14' });
const afterKarl = addWitness(db, plan, 'Afterkarl', '2030-03-15');
const mia = addMembership(db, plan, { firstName: 'Mia', startsOn: '2030-02-16' });

let now = new Date('2030-03-01T09:00:00Z');
const at = (instant: string | number) => (now = new Date(instant));
const minute = 60_000;
let standIn: YookassaStandIn;
let mailbox: Mailbox;
let server: RunningServer;
const { read, until, noticeSent } = membershipReads(() => server);
const { portal, signIn } = portalClient(
    () => server,
    () => mailbox,
);

/** The stand-in's payments made under a charge key. */
const paymentsUnder = (key: string) => standIn.listPayments().filter(payment => payment.metadata.chargeKey === key);
/** The charge requests the stand-in was sent with a saved method. */
const chargeCalls = (methodId: string) =>
    standIn
        .callsTo('POST', '/v3/payments')
        .filter(call => (call.body as { payment_method_id?: string } | undefined)?.payment_method_id === methodId);

beforeAll(async () => {
    standIn = await startYookassa();
    for (const started of [jana, lena, karl, afterKarl, mia]) {
        started.card.provider = 'yookassa';
        started.card.token = await yookassaSavedCard(standIn);
        started.card.title = 'Mir •• 4242';
    }
    mailbox = await startMailbox();
    const port = await freePort();
    server = await startServer({
        db,
        env: {
            PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            PAYMENT_PROVIDER: 'yookassa',
            YOOKASSA_SHOP_ID: standIn.shopId,
            YOOKASSA_SECRET_KEY: standIn.secretKey,
            YOOKASSA_API_URL: standIn.apiUrl,
            YOOKASSA_NOTICE_IPS: '127.0.0.1/32,::1/128',
            SMTP_URL: mailbox.url,
            MAIL_FROM: 'Studio <studio@example.test>',
            MESSAGES_EVERY_MS: '50',
            MEMBERSHIPS_EVERY_MS: '40',
        },
        clock: () => now,
    });
});

afterAll(async () => {
    await server?.stop();
    if (server) removeDir(server.dir);
    await mailbox?.stop();
    await standIn?.stop();
});

/** Tells the membership's payer of its charge, then moves the clock to the charge. */
const toCharge = async (started: typeof jana) => {
    at(Date.parse(noticeTime(started.membership.nextChargeAt as string)) + minute);
    const { message } = await noticeSent(started.membership.id);
    // A notice sent late holds the charge until 24 hours after it.
    const notBefore = Date.parse(message.sentAt as string) + 86_400_000;
    at(Math.max(Date.parse(started.membership.nextChargeAt as string), notBefore) + minute);
};

describe('a renewal whose answer never came', () => {
    it('made at ЮKassa but its answer lost: found by its key, one payment', async () => {
        standIn.failNext(500, 'internal_server_error', { processed: true });
        await toCharge(jana);
        await until(jana.membership.id, membership => expect(membership.period).toBe(2));
        const charges = await read.charges(jana.membership.id);
        expect(charges).toEqual([expect.objectContaining({ status: 'succeeded', attempt: 1 })]);
        expect(paymentsUnder(charges[0].key)).toHaveLength(1);
        // Asked, and asked again under the same key when its outcome was found.
        expect(chargeCalls(jana.card.token as string).length).toBeGreaterThanOrEqual(2);
        expect(await read.payments(jana.customer.id)).toHaveLength(2);
    });

    it('never reaching ЮKassa: asked again under the same key, one payment', async () => {
        standIn.failNext(503, 'internal_server_error');
        await toCharge(lena);
        await until(lena.membership.id, membership => expect(membership.period).toBe(2));
        const charges = await read.charges(lena.membership.id);
        expect(charges).toEqual([expect.objectContaining({ status: 'succeeded', attempt: 1 })]);
        expect(paymentsUnder(charges[0].key)).toHaveLength(1);
        expect(await read.payments(lena.customer.id)).toHaveLength(2);
    });
});

describe('a card its payer removed', () => {
    it('is never asked to pay', async () => {
        at(Date.parse(noticeTime(karl.membership.nextChargeAt as string)) + minute);
        await noticeSent(karl.membership.id);
        const token = await signIn(karl.customer.email as string, karl.customer.email as string);
        const removed = await portal(`/payment-methods/${karl.card.id}`, token, { method: 'DELETE' });
        expect(removed.status, removed.text).toBe(200);
        // Past its charge time: a run shows it looked (the witness's notice), and ЮKassa was asked nothing.
        at('2030-03-15T07:30:00Z');
        await noticeSent(afterKarl.membership.id);
        expect(chargeCalls(karl.card.token as string)).toEqual([]);
        expect(await read.charges(karl.membership.id)).toEqual([]);
        expect(await read.payments(karl.customer.id)).toHaveLength(1);
    });
});

describe('a renewal ЮKassa decides later', () => {
    it('stays pending until ЮKassa tells it, then pays the month once', async () => {
        standIn.chargeOutcome(mia.card.token as string, 'pending');
        await toCharge(mia);
        const [pending] = await vi.waitFor(
            async () => {
                const charges = await read.charges(mia.membership.id);
                expect(charges).toEqual([
                    expect.objectContaining({ status: 'pending', providerPaymentId: expect.any(String) }),
                ]);
                return charges;
            },
            { timeout: 30_000, interval: 50 },
        );
        expect(await read.membership(mia.membership.id)).toMatchObject({ period: 1, status: 'active' });
        await standIn.pay(pending.providerPaymentId as string);
        await until(mia.membership.id, membership => expect(membership.period).toBe(2));
        expect(await read.charges(mia.membership.id)).toEqual([
            expect.objectContaining({
                id: pending.id,
                status: 'succeeded',
                providerPaymentId: pending.providerPaymentId,
            }),
        ]);
        expect(paymentsUnder(pending.key)).toHaveLength(1);
        expect(await read.payments(mia.customer.id)).toHaveLength(2);
    });
});
