import { describe, expect, it, vi } from 'vitest';
import type { Channels } from '../../src/server/messages/channels';
import { deliverDue } from '../../src/server/messages/runner';
import { startJobs } from '../../src/server/jobs/runner';
import type { Customer, Job, Message } from '../../src/domain/types';
import type { Storage } from '../../src/server/storage/types';

/*
 * A job or a message is held by a live process: the runner holds what it took for a short lease and
 * renews it while the work goes on, so that a long run keeps it and a process that died loses it soon.
 * Here the storage is a stand-in that records what the runner asks of it; the work and the sending wait
 * until the test has seen the lease renewed.
 */

const silent = { error: () => undefined, warn: () => undefined };

/** A promise the test settles when it chooses. */
const gate = () => {
    let open: () => void = () => undefined;
    const opened = new Promise<void>(resolve => (open = resolve));
    return { opened, open };
};

const jobRecord = (leaseUntil: string | null): Job => ({
    id: 1,
    name: 'reminders',
    runAt: '2031-07-01T12:00:00.000Z',
    lastStartedAt: null,
    lastFinishedAt: null,
    lastError: null,
    runs: 3,
    leaseUntil,
    createdAt: '2031-07-01T12:00:00.000Z',
});

describe("a job's lease", () => {
    it('is short, renewed while a long run goes on, and let go with the last lease it held', async () => {
        const leaseMs = 60;
        const renewals: string[] = [];
        const finished: Job[] = [];
        let held: Job | null = null;
        const storage = {
            count: async () => 1,
            takeJob: async (_name: Job['name'], now: string, until: string) => {
                // Held for the lease, not ten minutes.
                expect(Date.parse(until) - Date.parse(now)).toBe(leaseMs);
                held = jobRecord(until);
                return held;
            },
            renewJob: async (job: Job, until: string) => {
                expect(job.leaseUntil).toBe(held?.leaseUntil);
                renewals.push(until);
                held = { ...job, leaseUntil: until };
                return held;
            },
            finishJob: async (job: Job) => {
                finished.push(job);
            },
        } as unknown as Storage;
        const work = gate();
        const stop = startJobs(
            storage,
            [{ name: 'reminders', everyMs: 3_600_000, run: () => work.opened.then(() => 1) }],
            silent,
            { leaseMs },
        );
        try {
            // The run outlasts its first lease several times over: the lease moves on each time.
            await vi.waitFor(() => expect(renewals.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
            expect([...renewals].sort()).toEqual(renewals);
            expect(new Set(renewals).size).toBe(renewals.length);
            work.open();
            await vi.waitFor(() => expect(finished).toHaveLength(1));
            // Let go as last renewed: the record it holds, not the one it took.
            expect(finished[0].leaseUntil).toBe(renewals.at(-1));
            const renewed = renewals.length;
            await stop();
            expect(renewals).toHaveLength(renewed);
        } finally {
            work.open();
            await stop();
        }
    });

    it('lost to another process is said, and the run is not let go as if it still held it', async () => {
        const errors: string[] = [];
        const finished: Job[] = [];
        const storage = {
            count: async () => 1,
            takeJob: async (_name: Job['name'], _now: string, until: string) => jobRecord(until),
            // Another process took it meanwhile: the renewal finds the lease is no longer this one's.
            renewJob: async () => null,
            finishJob: async (job: Job) => {
                finished.push(job);
            },
        } as unknown as Storage;
        const work = gate();
        const stop = startJobs(
            storage,
            [{ name: 'reminders', everyMs: 3_600_000, run: () => work.opened.then(() => 0) }],
            { error: message => errors.push(String(message)), warn: message => errors.push(String(message)) },
            { leaseMs: 30 },
        );
        try {
            await vi.waitFor(() => expect(errors.join('\n')).toMatch(/reminders.*(lost|another)/i), {
                timeout: 10_000,
            });
        } finally {
            work.open();
            await stop();
        }
        expect(finished).toHaveLength(1);
    });
});

describe("a message's lease", () => {
    it('is renewed while a slow channel sends it, then let go with the message sent', async () => {
        const leaseMs = 60;
        const customer = { id: 7, email: 'slow@example.test', telegramLinked: false, notify: null } as Customer;
        let message: Message = {
            id: 11,
            customerId: customer.id,
            channel: 'email',
            kind: 'payment',
            bookingId: null,
            dedupeKey: 'payment:slow',
            locale: 'en',
            subject: 'Paid',
            text: 'Thank you',
            status: 'queued',
            attempts: 0,
            sendAt: '2031-07-01T12:00:00.000Z',
            sentAt: null,
            error: null,
            leaseUntil: null,
            createdAt: '2031-07-01T12:00:00.000Z',
        };
        const renewals: { ids: number[]; heldUntil: string; until: string }[] = [];
        let taken = false;
        const records = { messages: () => message, customers: () => customer } as Record<string, () => unknown>;
        const storage = {
            get: async (collection: string) => records[collection]?.(),
            takeDueMessages: async (now: string, until: string) => {
                if (taken) return [];
                taken = true;
                expect(Date.parse(until) - Date.parse(now)).toBe(leaseMs);
                message = { ...message, leaseUntil: until };
                return [message];
            },
            renewMessages: async (ids: number[], heldUntil: string, until: string) => {
                renewals.push({ ids, heldUntil, until });
                if (message.leaseUntil !== heldUntil || message.status !== 'queued') return [];
                message = { ...message, leaseUntil: until };
                return ids;
            },
            transaction: async <T>(work: (tx: unknown) => Promise<T>) =>
                work({
                    get: async (collection: string) => records[collection]?.(),
                    update: async (_collection: string, record: Message) => (message = record),
                }),
        } as unknown as Storage;
        const sending = gate();
        const channels = {
            email: {
                reaches: () => true,
                sender: 'studio@example.test',
                send: () => sending.opened,
                close: () => undefined,
            },
        } as unknown as Channels;
        let now = Date.parse('2031-07-01T12:00:05.000Z');
        const clock = () => new Date((now += 1));
        const delivered = deliverDue(storage, channels, clock, { leaseMs });
        await vi.waitFor(() => expect(renewals.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
        // Each renewal names the lease it held and moves it on.
        for (const [index, renewal] of renewals.entries()) {
            expect(renewal.ids).toEqual([11]);
            if (index > 0) expect(renewal.heldUntil).toBe(renewals[index - 1].until);
            expect(renewal.until > renewal.heldUntil).toBe(true);
        }
        expect(message.status).toBe('queued');
        sending.open();
        expect(await delivered).toBe(1);
        expect(message).toMatchObject({ status: 'sent', leaseUntil: null, attempts: 1 });
    });
});
