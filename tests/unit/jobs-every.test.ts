import { describe, expect, it, vi } from 'vitest';
import { jobsEveryMsOf } from '../../src/server/jobs/lease';
import { startJobs } from '../../src/server/jobs/runner';
import type { Job } from '../../src/domain/types';
import type { Storage } from '../../src/server/storage/types';

/*
 * JOBS_EVERY_MS sets the period of every job in place of each one's own, and the runner reads the
 * server's clock (moved by CLOCK_START) for its leases and what it records. The storage is a stand-in
 * that records what the runner asks of it.
 */

const silent = { error: () => undefined, warn: () => undefined };

const jobRecord = (name: Job['name'], leaseUntil: string | null): Job => ({
    id: name === 'reminders' ? 1 : 2,
    name,
    runAt: '2031-07-01T12:00:00.000Z',
    lastStartedAt: null,
    lastFinishedAt: null,
    lastError: null,
    runs: 0,
    leaseUntil,
    createdAt: '2031-07-01T12:00:00.000Z',
});

describe('JOBS_EVERY_MS', () => {
    it('is a whole number of milliseconds, or nothing', () => {
        expect(jobsEveryMsOf('1000')).toBe(1000);
        expect(jobsEveryMsOf(undefined)).toBeUndefined();
        expect(jobsEveryMsOf('')).toBeUndefined();
        expect(jobsEveryMsOf('0')).toBeUndefined();
        expect(jobsEveryMsOf('soon')).toBeUndefined();
        expect(jobsEveryMsOf('1.5')).toBeUndefined();
    });

    it('runs every job at that period, its leases and records on the server’s clock', async () => {
        const moved = Date.parse('2031-07-15T12:00:00.000Z');
        const clock = () => new Date(moved);
        const taken: { name: string; now: string }[] = [];
        const done: Partial<Job>[] = [];
        const storage = {
            count: async () => 1,
            takeJob: async (name: Job['name'], now: string, until: string) => {
                taken.push({ name, now });
                return jobRecord(name, until);
            },
            renewJob: async (job: Job) => job,
            finishJob: async (_job: Job, recorded: Partial<Job> | null) => {
                if (recorded) done.push(recorded);
            },
        } as unknown as Storage;
        const stop = startJobs(
            storage,
            [
                { name: 'reminders', everyMs: 3_600_000, run: async () => 1, atStart: false },
                { name: 'penalties', everyMs: 3_600_000, run: async () => 1, atStart: false },
            ],
            silent,
            { clock, everyMs: 10 },
        );
        try {
            // Both wait their first period, an hour of their own: with JOBS_EVERY_MS they run again and again.
            await vi.waitFor(
                () => {
                    expect(taken.filter(run => run.name === 'reminders').length).toBeGreaterThanOrEqual(3);
                    expect(taken.filter(run => run.name === 'penalties').length).toBeGreaterThanOrEqual(3);
                },
                { timeout: 10_000 },
            );
        } finally {
            await stop();
        }
        expect(new Set(taken.map(run => run.now))).toEqual(new Set(['2031-07-15T12:00:00.000Z']));
        expect(done[0]).toMatchObject({
            lastStartedAt: '2031-07-15T12:00:00.000Z',
            lastFinishedAt: '2031-07-15T12:00:00.000Z',
            runAt: '2031-07-15T12:00:00.010Z',
        });
    });

    it('leaves each job its own period when unset', async () => {
        const taken: string[] = [];
        const storage = {
            count: async () => 1,
            takeJob: async (name: Job['name'], _now: string, until: string) => {
                taken.push(name);
                return jobRecord(name, until);
            },
            renewJob: async (job: Job) => job,
            finishJob: async () => undefined,
        } as unknown as Storage;
        const stop = startJobs(
            storage,
            [
                { name: 'reminders', everyMs: 10, run: async () => 0, atStart: false },
                { name: 'penalties', everyMs: 3_600_000, run: async () => 0, atStart: false },
            ],
            silent,
        );
        try {
            await vi.waitFor(
                () => expect(taken.filter(name => name === 'reminders').length).toBeGreaterThanOrEqual(3),
                {
                    timeout: 10_000,
                },
            );
        } finally {
            await stop();
        }
        expect(taken).not.toContain('penalties');
    });
});
