import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Message } from '../../src/domain/types';
import { withoutMemberships } from '../support/memberships';
import { demoDb, removeDir, startServerProcess, storedDatabase, type ServerProcess } from '../support/server';
import { startMailbox, type Mailbox } from '../support/smtp';
import { startStalledMailbox, type StalledMailbox } from '../support/stalledMail';

/*
 * The db.json engine has one server process, so whatever a lease of its database file names was taken by
 * a process that is gone once a new one starts: a server killed (SIGKILL) in the middle of sending a
 * message does not leave it held for the next start to wait out; the restarted server sends it at once.
 */

const address = 'held-by-the-dead@example.test';

/**
 * The demo with one customer to write to and one message due to them, and nothing else queued (nor the
 * memberships, whose charges name the notices they were announced by).
 */
const databaseWithOneMessage = (): Database => {
    const demo = withoutMemberships(JSON.parse(readFileSync(demoDb, 'utf8')) as Database);
    const customer = demo.customers.find(one => one.guardianId == null && one.email)!;
    customer.email = address;
    customer.notify = null;
    customer.telegramLinked = false;
    const due = new Date(Date.now() - 60_000).toISOString();
    const message: Message = {
        id: 1,
        customerId: customer.id,
        channel: 'email',
        kind: 'payment',
        bookingId: null,
        dedupeKey: 'payment:lease-test',
        locale: 'en',
        subject: 'Payment received',
        text: 'We received your payment (lease test).',
        status: 'queued',
        attempts: 0,
        sendAt: due,
        sentAt: null,
        error: null,
        leaseUntil: null,
        createdAt: due,
    };
    return { ...demo, messages: [message] };
};

describe('a message a killed db.json server was sending', () => {
    let stalled: StalledMailbox;
    let mailbox: Mailbox;
    const started: ServerProcess[] = [];
    beforeAll(async () => {
        [stalled, mailbox] = await Promise.all([startStalledMailbox([address]), startMailbox()]);
    });
    afterAll(async () => {
        for (const server of started) await server.stop('SIGKILL');
        if (started[0]) removeDir(started[0].dir);
        await Promise.all([stalled?.stop(), mailbox?.stop()]);
    });

    it('is sent at once by the server started after it, not after its lease', async () => {
        const settings = {
            MAIL_FROM: 'Studio <studio@example.test>',
            MESSAGES_EVERY_MS: '50',
            NOTICES_EVERY_MS: '3600000',
        };
        const first = await startServerProcess({
            db: databaseWithOneMessage(),
            env: { ...settings, SMTP_URL: stalled.url },
        });
        started.push(first);
        // Taken, and in the middle of its sending when the process dies.
        await stalled.waitFor(address);
        await first.stop('SIGKILL');

        const second = await startServerProcess({ dbFile: first.dbFile, env: { ...settings, SMTP_URL: mailbox.url } });
        started.push(second);
        const mail = await mailbox.waitFor(address, /lease test/);
        expect(mail.subject).toBe('Payment received');
        await second.stop();
        const [message] = (await storedDatabase(second)).messages;
        expect(message).toMatchObject({ status: 'sent', attempts: 1, leaseUntil: null });
        expect(mailbox.to(address)).toHaveLength(1);
    });
});
