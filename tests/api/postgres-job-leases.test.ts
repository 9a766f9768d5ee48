import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Customer, Job, Message } from '../../src/domain/types';
import { PgStorage } from '../../src/server/storage/postgres/pgStorage';
import { importedDatabase } from '../support/engines';
import { postgresAvailable, type PostgresCluster, startPostgres } from '../support/postgres';
import { call, engine, removeDir, startServerProcess, type ServerProcess } from '../support/server';
import { startMailbox, type Mailbox } from '../support/smtp';
import { startStalledMailbox, type StalledMailbox } from '../support/stalledMail';

/*
 * Jobs and messages on PostgreSQL are held by a live server process: a short lease (JOB_LEASE_MS) that
 * the process renews while it works. Two server processes on one database:
 * - the first stays in the middle of sending a message (its mail server never answers): it keeps the job
 *   send_messages and the message past their first lease, renewing them, and the second takes neither;
 * - sign-in codes asked meanwhile go out at once: they do not wait for the job the first holds (the first's
 *   mail server hangs only on the message it holds);
 * - the first is killed (SIGKILL) mid-job: a code asked at once still goes out, and the second takes the
 *   job and sends the message within a minute, once the dead process's leases ran out.
 * And the storage's leases themselves: a renewal or a finish by a runner whose lease another took changes
 * nothing of the other's. Runs once, in the db.json project (it starts its own PostgreSQL).
 */

const heldAddress = 'held-mid-job@example.test';
const codeAddresses = ['code-while-held@example.test', 'code-after-kill@example.test'];

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const openStorage = (url: string) => PgStorage.open({ url, poolSize: 2, log: quiet });

/** Gives three of the demo's adult customers the addresses of the test, and queues one message to the first. */
const prepare = async (url: string) => {
    const storage = await openStorage(url);
    try {
        await storage.transaction(async tx => {
            const customers = (await tx.select('customers', { guardianId: null })).filter(one => one.email).slice(0, 3);
            for (const [index, email] of [heldAddress, ...codeAddresses].entries())
                await tx.update('customers', { ...customers[index], email, notify: null, telegramLinked: false });
            const due = new Date(Date.now() - 60_000).toISOString();
            await tx.insert('messages', {
                customerId: customers[0].id,
                channel: 'email',
                kind: 'payment',
                bookingId: null,
                dedupeKey: 'payment:held-mid-job',
                locale: 'en',
                subject: 'Payment received',
                text: 'We received your payment (held mid-job).',
                status: 'queued',
                attempts: 0,
                sendAt: due,
                sentAt: null,
                error: null,
                leaseUntil: null,
            });
        });
    } finally {
        await storage.close();
    }
};

/** The send_messages job and the test's message, as the database holds them now. */
const stateOf = async (url: string): Promise<{ job: Job; message: Message }> => {
    const storage = await openStorage(url);
    try {
        const [job] = await storage.select('jobs', { name: 'send_messages' });
        const [message] = await storage.select('messages', { dedupeKey: 'payment:held-mid-job' });
        return { job, message };
    } finally {
        await storage.close();
    }
};

describe.skipIf(engine !== 'json' || !postgresAvailable)('leases of jobs and messages on PostgreSQL', () => {
    let cluster: PostgresCluster;
    let stalled: StalledMailbox;
    let mailbox: Mailbox;
    const started: ServerProcess[] = [];

    beforeAll(async () => {
        [cluster, stalled, mailbox] = await Promise.all([
            startPostgres(),
            startStalledMailbox([heldAddress]),
            startMailbox(),
        ]);
    });
    afterAll(async () => {
        for (const server of started) {
            await server.stop('SIGKILL');
            removeDir(server.dir);
        }
        await Promise.all([cluster?.stop(), stalled?.stop(), mailbox?.stop()]);
    });

    it('are kept by a live process mid-job, lost by a killed one within a minute, and sign-in codes never wait for them', async () => {
        const url = await importedDatabase(cluster);
        await prepare(url);
        const settings = {
            DATABASE_URL: url,
            MAIL_FROM: 'Studio <studio@example.test>',
            MESSAGES_EVERY_MS: '50',
            NOTICES_EVERY_MS: '3600000',
            PAYMENTS_EVERY_MS: '3600000',
            JOB_LEASE_MS: '6000',
        };
        const first = await startServerProcess({ env: { ...settings, SMTP_URL: stalled.url } });
        started.push(first);
        await stalled.waitFor(heldAddress);
        const taken = await stateOf(url);
        expect(taken.job.leaseUntil).not.toBeNull();
        expect(taken.message).toMatchObject({ status: 'queued', leaseUntil: expect.any(String) });

        const second = await startServerProcess({ env: { ...settings, SMTP_URL: mailbox.url } });
        started.push(second);
        // Asked of the second; sent by whichever process's lane takes it first, each through its mail server.
        const askCode = async (email: string) => {
            const asked = await call(second.url, '/api/portal/auth/code', { method: 'POST', json: { login: email } });
            expect(asked.status, asked.text).toBe(202);
            await vi.waitFor(
                () => {
                    const mails = [...mailbox.to(email), ...stalled.to(email)];
                    if (!mails.some(mail => /\b\d{6}\b/.test(mail.text ?? ''))) throw new Error(`no code to ${email}`);
                },
                { timeout: 10_000, interval: 50 },
            );
        };

        // The first process holds send_messages for as long as its send lasts: a code goes out all the same.
        await askCode(codeAddresses[0]);

        // Alive, the first renews what it holds past their first leases, and the second sends neither.
        await vi.waitFor(
            async () => {
                const now = await stateOf(url);
                expect(now.job.leaseUntil! > taken.job.leaseUntil!).toBe(true);
                expect(now.message.leaseUntil! > taken.message.leaseUntil!).toBe(true);
                expect(Date.now()).toBeGreaterThan(Date.parse(taken.message.leaseUntil!));
            },
            { timeout: 60_000, interval: 200 },
        );
        expect(mailbox.to(heldAddress)).toHaveLength(0);
        expect((await stateOf(url)).message.status).toBe('queued');

        // Killed mid-job: a code asked now goes out at once, whatever the dead process held.
        await first.stop('SIGKILL');
        await askCode(codeAddresses[1]);
        // The second takes the job and the message once the dead one's leases run out.
        const mail = await mailbox.waitFor(heldAddress, /held mid-job/, 60_000);
        expect(mail.subject).toBe('Payment received');
        const after = await stateOf(url);
        expect(after.message).toMatchObject({ status: 'sent', attempts: 1, leaseUntil: null });
        expect(mailbox.to(heldAddress)).toHaveLength(1);
    }, 180_000);

    it('leaves another runner’s lease alone when one whose lease ran out renews or lets go', async () => {
        const url = await importedDatabase(cluster);
        const [one, other] = await Promise.all([openStorage(url), openStorage(url)]);
        try {
            await one.transaction(tx =>
                tx.insert('jobs', {
                    name: 'penalties',
                    runAt: new Date().toISOString(),
                    lastStartedAt: null,
                    lastFinishedAt: null,
                    lastError: null,
                    runs: 0,
                    leaseUntil: null,
                }),
            );
            const at = (ms: number) => new Date(Date.parse('2031-07-01T12:00:00.000Z') + ms).toISOString();
            const first = (await one.takeJob('penalties', at(0), at(1000)))!;
            expect(first.leaseUntil).toBe(at(1000));
            // Renewed while held.
            const renewed = (await one.renewJob(first, at(1500)))!;
            expect(renewed.leaseUntil).toBe(at(1500));
            expect(await other.takeJob('penalties', at(1400), at(2400))).toBeNull();
            // Its lease ran out: another takes the job, and the first can no longer renew it or let it go.
            const second = (await other.takeJob('penalties', at(1600), at(2600)))!;
            expect(second.leaseUntil).toBe(at(2600));
            expect(await one.renewJob(renewed, at(2000))).toBeNull();
            await one.finishJob(renewed, null);
            expect((await other.select('jobs', { name: 'penalties' }))[0].leaseUntil).toBe(at(2600));
            await other.finishJob(second, null);
            expect((await other.select('jobs', { name: 'penalties' }))[0].leaseUntil).toBeNull();

            // Messages: renewed while held, and not once another took them.
            const customer = (await one.select('customers', { guardianId: null }))[0] as Customer;
            const message = await one.transaction(tx =>
                tx.insert('messages', {
                    customerId: customer.id,
                    channel: 'email',
                    kind: 'payment',
                    bookingId: null,
                    dedupeKey: 'payment:lease-rules',
                    locale: 'en',
                    subject: 'Paid',
                    text: 'Thank you',
                    status: 'queued',
                    attempts: 0,
                    sendAt: at(0),
                    sentAt: null,
                    error: null,
                    leaseUntil: null,
                }),
            );
            const [held] = await one.takeDueMessages(at(0), at(1000), 10);
            expect(held.id).toBe(message.id);
            expect(await other.takeDueMessages(at(500), at(1500), 10)).toEqual([]);
            expect(await one.renewMessages([message.id], at(1000), at(2000))).toEqual([message.id]);
            expect(await other.takeDueMessages(at(1500), at(2500), 10)).toEqual([]);
            expect((await other.takeDueMessages(at(2100), at(3100), 10)).map(one => one.id)).toEqual([message.id]);
            expect(await one.renewMessages([message.id], at(2000), at(3000))).toEqual([]);
        } finally {
            await Promise.all([one.close(), other.close()]);
        }
    });
});
