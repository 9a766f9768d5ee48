import { describe, expect, it } from 'vitest';
import {
    ClockStartError,
    clockNoteOf,
    describeOffset,
    isPublicUrl,
    offsetTo,
    parseClockStart,
    refusalBeforeOpening,
    shiftedClock,
} from '../../src/server/clock/setting';
import { clockOffsetOf, settleClock, timeByNotes } from '../../src/server/clock/serverClock';
import { laterInstant, noteIn, recordedInstants, type Notes } from '../../src/server/storage/notes';

/*
 * CLOCK_START's pure parts: reading the setting, the public-address rule, the offset's arithmetic, and
 * the settling of the clock against the database's notes (here a map in memory standing for them).
 */

const dayMs = 86_400_000;

describe('CLOCK_START, read', () => {
    it('takes a date and time with its zone, a date as its midnight in UTC, off, or nothing', () => {
        expect(parseClockStart('2027-01-08T09:00:00Z')).toEqual({ kind: 'at', at: new Date('2027-01-08T09:00:00Z') });
        expect(parseClockStart('2027-01-08T12:00+03:00')).toEqual({
            kind: 'at',
            at: new Date('2027-01-08T09:00:00Z'),
        });
        expect(parseClockStart(' 2027-01-08 ')).toEqual({ kind: 'at', at: new Date('2027-01-08T00:00:00Z') });
        expect(parseClockStart('2027-01-08T09:00:00.250Z')?.kind).toBe('at');
        expect(parseClockStart('off')).toEqual({ kind: 'off' });
        expect(parseClockStart('OFF')).toEqual({ kind: 'off' });
        expect(parseClockStart(undefined)).toBeUndefined();
        expect(parseClockStart('  ')).toBeUndefined();
    });

    it('refuses what is no instant: no zone, no such day, words', () => {
        for (const value of [
            '2027-01-08T09:00',
            '2027-02-30',
            '2027-02-30T10:00Z',
            'next tuesday',
            '1700000000',
            '2027-1-8',
        ])
            expect(() => parseClockStart(value), value).toThrow(ClockStartError);
        expect(() => parseClockStart('tomorrow')).toThrow(/CLOCK_START=tomorrow is not an instant/);
    });
});

describe('a public address', () => {
    it('is anything customers reach: not localhost, a loopback, a private network or a .local name', () => {
        for (const url of [
            'http://localhost:3000',
            'http://127.0.0.1:3000',
            'http://[::1]:3000',
            'http://192.168.1.20',
            'http://10.0.0.5:8080',
            'http://172.20.1.1',
            'http://studio.local:3000',
            'http://Studio.LOCAL',
        ])
            expect(isPublicUrl(url), url).toBe(false);
        for (const url of ['https://studio.example.com', 'http://8.8.8.8', 'https://local.example.com', 'not a url'])
            expect(isPublicUrl(url), url).toBe(true);
        expect(isPublicUrl(undefined)).toBe(false);
        expect(isPublicUrl(' ')).toBe(false);
    });

    it('refuses any CLOCK_START but off, which brings a database moved elsewhere back to real time', () => {
        const at = parseClockStart('2027-01-08');
        expect(refusalBeforeOpening(at, 'https://studio.example.com')).toMatch(/PUBLIC_URL .* is a public address/);
        expect(refusalBeforeOpening({ kind: 'off' }, 'https://studio.example.com')).toBeUndefined();
        expect(refusalBeforeOpening(at, 'http://localhost:3000')).toBeUndefined();
        expect(refusalBeforeOpening(undefined, 'https://studio.example.com')).toBeUndefined();
    });
});

describe('the offset', () => {
    it('is how far the instant is from real time, and the moved clock ticks with real time', () => {
        const real = Date.parse('2026-11-29T10:00:00Z');
        const offset = offsetTo(new Date('2027-01-08T10:00:00Z'), real);
        expect(offset).toBe(40 * dayMs);
        let now = real;
        const clock = shiftedClock(offset, () => new Date(now));
        expect(clock().toISOString()).toBe('2027-01-08T10:00:00.000Z');
        now += 90_000;
        expect(clock().toISOString()).toBe('2027-01-08T10:01:30.000Z');
        expect(offsetTo(new Date(real - 3_600_000), real)).toBe(-3_600_000);
    });

    it('is said as a person reads it', () => {
        expect(describeOffset(40 * dayMs)).toBe('40 days ahead of real time');
        expect(describeOffset(-3 * 3_600_000)).toBe('3 hours behind real time');
        expect(describeOffset(dayMs + dayMs / 2)).toBe('1.5 days ahead of real time');
        expect(describeOffset(60_000)).toBe('1 minute ahead of real time');
    });

    it('is read from a note only when the note holds one', () => {
        expect(clockNoteOf({ offsetMs: 5, clockStart: 'x', setAt: 'y' })).toEqual({
            offsetMs: 5,
            clockStart: 'x',
            setAt: 'y',
        });
        expect(clockNoteOf({ offsetMs: 'soon' })).toBeUndefined();
        expect(clockNoteOf(null)).toBeUndefined();
        expect(clockNoteOf({ offsetMs: Infinity })).toBeUndefined();
    });
});

describe('the instants the data records', () => {
    it('are when things happened, never when they are due', () => {
        const named = recordedInstants.map(({ collection, field }) => `${collection}.${field}`);
        for (const field of ['customers.createdAt', 'payments.paidAt', 'messages.sentAt', 'imports.undoneAt'])
            expect(named).toContain(field);
        for (const field of ['messages.sendAt', 'paymentLinks.expiresAt', 'jobs.runAt', 'jobs.leaseUntil'])
            expect(named).not.toContain(field);
    });

    it('compare by time, whatever digits their texts have', () => {
        expect(laterInstant('2027-01-08T10:00:00.500Z', '2027-01-08T10:01Z')).toBe('2027-01-08T10:01Z');
        expect(laterInstant('2027-01-08T10:01Z', '2027-01-08T10:00:59.999Z')).toBe('2027-01-08T10:01Z');
        expect(laterInstant(undefined, 'not a time')).toBeUndefined();
        expect(laterInstant(undefined, null)).toBeUndefined();
    });
});

/** The database's notes in memory, with the latest instant its records would tell. */
const notesWith = (latest?: string) => {
    const values = new Map<string, unknown>();
    const notes: Notes = {
        read: async name => values.get(name),
        write: async (name, value) => void (value === undefined ? values.delete(name) : values.set(name, value)),
        latestRecorded: async () => latest,
    };
    return { notes, values };
};

const lines: string[] = [];
const log = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
const real = Date.parse('2026-11-29T10:00:00Z');
const base = () => new Date(real);

describe('settling the clock', () => {
    it('moves it by the note CLOCK_START writes, and keeps it by the note on a start without', async () => {
        const { notes, values } = notesWith('2026-11-28T10:00:00Z');
        const moved = await settleClock({ notes, start: parseClockStart('2027-01-08T10:00:00Z'), base, log });
        expect(moved.clock().toISOString()).toBe('2027-01-08T10:00:00.000Z');
        expect(clockOffsetOf(moved.clock)).toBe(40 * dayMs);
        expect(values.get('clock')).toMatchObject({ offsetMs: 40 * dayMs, clockStart: '2027-01-08T10:00:00.000Z' });
        const later = () => new Date(real + dayMs);
        const again = await settleClock({ notes, start: undefined, base: later, log });
        expect(again.clock().toISOString()).toBe('2027-01-09T10:00:00.000Z');
        // The same setting left in the environment does not move the clock back to it.
        const same = await settleClock({ notes, start: parseClockStart('2027-01-08T10:00:00Z'), base: later, log });
        expect(same.clock().toISOString()).toBe('2027-01-09T10:00:00.000Z');
    });

    it('refuses a start before the latest instant the data records, and leaves the note as it was', async () => {
        const { notes, values } = notesWith('2027-01-10T00:00:00Z');
        values.set('clock', { offsetMs: 45 * dayMs, clockStart: '2027-01-13T10:00:00.000Z', setAt: 'x' });
        await expect(settleClock({ notes, start: parseClockStart('2027-01-09T23:59:59Z'), base, log })).rejects.toThrow(
            /is before 2027-01-10T00:00:00Z, the latest time the database records/,
        );
        expect(values.get('clock')).toMatchObject({ offsetMs: 45 * dayMs });
        const allowed = await settleClock({ notes, start: parseClockStart('2027-01-10T00:00:00Z'), base, log });
        expect(allowed.clock().toISOString()).toBe('2027-01-10T00:00:00.000Z');
    });

    it('goes back to real time with off, saying so, and removes the note', async () => {
        const { notes, values } = notesWith('2027-01-10T00:00:00Z');
        values.set('clock', { offsetMs: 45 * dayMs, clockStart: '2027-01-13T10:00:00.000Z', setAt: 'x' });
        lines.length = 0;
        const off = await settleClock({ notes, start: { kind: 'off' }, base, log });
        expect(off.clock().getTime()).toBe(real);
        expect(clockOffsetOf(off.clock)).toBe(0);
        expect(values.has('clock')).toBe(false);
        expect(lines).toEqual([
            'CLOCK_START=off: the clock goes back to real time (it was 45 days ahead of real time), before records the data holds up to 2027-01-10T00:00:00Z.',
        ]);
    });

    it('refuses a public address over a moved database until off brings it back', async () => {
        const { notes, values } = notesWith('2027-01-10T00:00:00Z');
        values.set('clock', { offsetMs: 45 * dayMs, clockStart: '2027-01-13T10:00:00.000Z', setAt: 'x' });
        const publicUrl = 'https://studio.example.com';
        await expect(settleClock({ notes, start: undefined, base, log, publicUrl })).rejects.toThrow(
            /CLOCK_START=2027-01-13T10:00:00.000Z\) and PUBLIC_URL \(https:\/\/studio.example.com\) is a public address.*CLOCK_START=off/,
        );
        expect(values.has('clock')).toBe(true);
        const off = await settleClock({ notes, start: { kind: 'off' }, base, log, publicUrl });
        expect(off.clock().getTime()).toBe(real);
        expect((await settleClock({ notes, start: undefined, base, log, publicUrl })).clock().getTime()).toBe(real);
    });

    it('keeps a server on a public address on real time when another process moves the clock', async () => {
        const { notes, values } = notesWith();
        lines.length = 0;
        const running = await settleClock({
            notes,
            start: undefined,
            base,
            log,
            rereadEveryMs: 5,
            publicUrl: 'https://studio.example.com',
        });
        values.set('clock', { offsetMs: dayMs, clockStart: '2026-11-30T10:00:00.000Z', setAt: 'x' });
        await expect.poll(() => lines.join('\n')).toMatch(/This server keeps real time/);
        expect(running.clock().getTime()).toBe(real);
        expect(lines).toHaveLength(1);
        running.stop();
    });

    it('is the time records brought up to date at a db.json’s start bear, before the clock is settled', () => {
        const moved = { users: [], _notes: { clock: { offsetMs: dayMs, clockStart: 'x', setAt: 'y' } } };
        expect(timeByNotes(noteIn(moved), base).toISOString()).toBe('2026-11-30T10:00:00.000Z');
        expect(timeByNotes(noteIn({ users: [] }), base).getTime()).toBe(real);
        expect(timeByNotes(noteIn({ _notes: [1, 2] }), base).getTime()).toBe(real);
    });

    it('takes another process’s note when it reads it again', async () => {
        const { notes, values } = notesWith();
        const running = await settleClock({ notes, start: undefined, base, log, rereadEveryMs: 5 });
        expect(running.clock().getTime()).toBe(real);
        values.set('clock', { offsetMs: dayMs, clockStart: '2026-11-30T10:00:00.000Z', setAt: 'x' });
        await expect.poll(() => running.clock().toISOString()).toBe('2026-11-30T10:00:00.000Z');
        running.stop();
    });
});
