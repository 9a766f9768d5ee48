import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chargeTime, noticeTime } from '../../src/domain/memberships';
import type { Database } from '../../src/domain/types';
import { addMembership, addRenewingPlan, membershipReads, yookassaSavedCard, zone } from '../support/memberships';
import { demoDb, removeDir, startServerProcess, storedDatabase, type ServerProcess } from '../support/server';
import { startMailbox, type Mailbox } from '../support/smtp';
import { startYookassa, type YookassaStandIn } from '../support/yookassa';
import { startPassage, type Passage, type PassageAsk } from '../support/yookassaPassage';

/*
 * A renewal through ЮKassa's stand-in, with the server as its own process (node build/server/main.js), on
 * both engines: ЮKassa makes the payment and answers, and the server is killed (kill -9) after the answer
 * reached it and before it wrote it: the process is stopped (SIGSTOP) while ЮKassa's answer is held back,
 * the answer is then written out to its connection, and the process killed, with the charge still pending
 * in the database. After a restart the charge committed as pending before ЮKassa was asked is found by its
 * key: one charge, one payment at ЮKassa, one payment in the ledger, and the month moved once.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = addRenewingPlan(db, 'Monthly crash');
const startsOn = '2031-03-10';
const ola = addMembership(db, plan, { firstName: 'Ola', startsOn });
const chargeAt = chargeTime(ola.membership.periodEnd, zone);
const minute = 60_000;

let standIn: YookassaStandIn;
let passage: Passage;
/** The renewal's first ask, whose answer waits until the test lets it go. */
let held: PassageAsk | undefined;
let letGo!: () => void;
const answerGoes = new Promise<void>(done => (letGo = done));
let mailbox: Mailbox;
let server: ServerProcess;
const { read, until, noticeSent } = membershipReads(() => server);

const start = (env: Record<string, string> = {}, dbFile?: string) =>
    startServerProcess({
        db,
        dbFile,
        env: {
            PUBLIC_URL: 'http://127.0.0.1:8',
            PAYMENT_PROVIDER: 'yookassa',
            YOOKASSA_SHOP_ID: standIn.shopId,
            YOOKASSA_SECRET_KEY: standIn.secretKey,
            YOOKASSA_API_URL: passage.apiUrl('server'),
            YOOKASSA_NOTICE_IPS: '127.0.0.1/32,::1/128',
            SMTP_URL: mailbox.url,
            MAIL_FROM: 'Studio <studio@example.test>',
            MESSAGES_EVERY_MS: '50',
            MEMBERSHIPS_EVERY_MS: '50',
            // The killed process's hold on the job is given up soon.
            JOB_LEASE_MS: '1000',
            ...env,
        },
    });

beforeAll(async () => {
    standIn = await startYookassa();
    passage = await startPassage(standIn, ask => {
        if (held || ask.method !== 'POST' || ask.paymentMethodId !== ola.card.token) return undefined;
        held = ask;
        return answerGoes;
    });
    mailbox = await startMailbox();
    // A card ЮKassa saved with a first payment: its payment method's id charges it.
    Object.assign(ola.card, {
        provider: 'yookassa',
        token: await yookassaSavedCard(standIn),
        title: 'Mir •• 4242',
    });
});

afterAll(async () => {
    await server?.stop('SIGKILL');
    if (server) removeDir(server.dir);
    letGo();
    await passage?.stop();
    await mailbox?.stop();
    await standIn?.stop();
});

describe('a renewal whose server is killed before ЮKassa’s answer is written', () => {
    it('is found by its key after a restart: one charge, one payment, the month moved once', async () => {
        // The notice, 48 hours ahead, delivered.
        server = await start({ CLOCK_START: new Date(Date.parse(noticeTime(chargeAt)) + minute).toISOString() });
        const { dbFile } = server;
        await noticeSent(ola.membership.id);
        await server.stop();

        // At the charge ЮKassa makes the payment; its answer waits until the server is stopped, then
        // reaches its connection, and the server is killed before it can read and write it.
        server = await start({ CLOCK_START: new Date(Date.parse(chargeAt) + minute).toISOString() }, dbFile);
        const charged = () =>
            standIn
                .listPayments()
                .filter(payment => payment.payment_method?.id === ola.card.token && payment.metadata?.chargeKey);
        await vi.waitFor(() => expect(charged()).toHaveLength(1), { timeout: 20_000, interval: 50 });
        expect(charged()[0].status).toBe('succeeded');
        server.process.kill('SIGSTOP');
        letGo();
        await vi.waitFor(() => expect(held?.answered).toBe(true), { timeout: 30_000, interval: 10 });
        await server.stop('SIGKILL');
        // Nothing of the answer was written: the charge is pending, the month not moved.
        const left = await storedDatabase(server);
        expect(left.charges.filter(charge => charge.membershipId === ola.membership.id)).toEqual([
            expect.objectContaining({ status: 'pending', attempt: 1, providerPaymentId: null }),
        ]);
        expect(left.memberships.find(one => one.id === ola.membership.id)?.period).toBe(1);

        server = await start({}, dbFile);
        const moved = await until(ola.membership.id, membership => expect(membership.period).toBe(2));
        expect(moved.status).toBe('active');
        const charges = await read.charges(ola.membership.id);
        expect(charges).toEqual([expect.objectContaining({ status: 'succeeded', attempt: 1 })]);
        expect(charged()).toHaveLength(1);
        expect(charged()[0].metadata.chargeKey).toBe(charges[0].key);
        // Asked again after the restart, if at all, only under the same key: ЮKassa answers the payment it made.
        const asked = standIn
            .callsTo('POST', '/v3/payments')
            .filter(call => (call.body as { payment_method_id?: string }).payment_method_id === ola.card.token);
        expect(new Set(asked.map(call => call.headers.idempotenceKey))).toEqual(new Set([charges[0].key]));
        const paid = (await read.payments(ola.customer.id)).filter(payment => payment.method === 'online');
        // The first month's payment, and the renewal's: once.
        expect(paid).toHaveLength(2);
        expect(paid.filter(payment => payment.id === charges[0].paymentId)).toHaveLength(1);
    });
});
