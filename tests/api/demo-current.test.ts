import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { weeksToMove } from '../../src/domain/demoWeeks';
import { addDays, localDateAt } from '../../src/domain/time';
import type { PaymentLink, StudioEvent } from '../../src/domain/types';
import { demoDb, login, removeDir, restClient, startServer, type RunningServer } from '../support/server';

/*
 * The committed demo, started as a newcomer starts it on a later day (the server's clock moved by
 * CLOCK_START to 6 January 2027, six weeks after the week it was made for): nothing is brought up to
 * date, it is moved once by whole weeks to that week and says so, and there are classes to book in the
 * next seven days and links still to pay. A demo someone has changed is never moved.
 */

const later = '2027-01-06T09:00:00.000Z';
const zone = 'Europe/Moscow';
const madeFor = (JSON.parse(readFileSync(demoDb, 'utf8')) as { _notes: { demo: { madeFor: string } } })._notes.demo
    .madeFor;
const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

const started = async (options: Parameters<typeof startServer>[0]) => {
    const server = await startServer({ asIs: true, ...options });
    dirs.push(server.dir);
    return server;
};

const eventsOf = async (server: RunningServer) => {
    const client = restClient(server.url, await login(server.url, 'manager'));
    const { data } = await client.getList<StudioEvent>('events', {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'startsAt', order: 'ASC' },
        filter: {},
    });
    return data;
};

describe('the demo started on a later day', () => {
    it('is moved once by whole weeks to that week: classes to book this week, links still to pay', async () => {
        const weeks = weeksToMove(madeFor, localDateAt(later, zone));
        expect(weeks).toBe(6);
        const first = await started({ env: { DEMO_MOVE: 'on', CLOCK_START: later } });
        const output = first.output();
        expect(output).toContain(`was moved ${weeks} weeks ahead to this week (2027-01-04)`);
        expect(output).not.toMatch(/Brought \d+ records/);

        const today = localDateAt(later, zone);
        const events = await eventsOf(first);
        const bookable = events.filter(
            event =>
                event.startsAt >= `${today}T12:00` &&
                event.startsAt < `${addDays(today, 7)}T00:00` &&
                event.status === 'planned' &&
                event.bookable,
        );
        expect(bookable.length).toBeGreaterThanOrEqual(10);
        const client = restClient(first.url, await login(first.url, 'manager'));
        const { data: links } = await client.getList<PaymentLink>('paymentLinks', {
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'id', order: 'ASC' },
            filter: { status: 'pending' },
        });
        expect(links.filter(link => Date.parse(link.expiresAt) > Date.parse(later)).length).toBeGreaterThan(0);
        await first.stop();

        // Started again (the clock's note keeps the moved time): not moved a second time.
        const again = await started({ dbFile: first.dbFile, env: { DEMO_MOVE: 'on' } });
        expect(again.output()).not.toContain('was moved');
        expect((await eventsOf(again)).map(event => event.startsAt)).toEqual(events.map(event => event.startsAt));
        await again.stop();
    });

    it('is never moved once someone has changed it', async () => {
        const first = await started({ env: { DEMO_MOVE: 'on' } });
        const before = await eventsOf(first);
        const client = restClient(first.url, await login(first.url, 'admin'));
        const { data: direction } = await client.getOne('directions', { id: 1 });
        await client.update('directions', {
            id: 1,
            data: { ...direction, name: `${direction.name} (renamed)` },
            previousData: direction,
        });
        await first.stop();

        const reopened = await started({ dbFile: first.dbFile, env: { DEMO_MOVE: 'on', CLOCK_START: later } });
        expect(reopened.output()).not.toContain('was moved');
        expect(reopened.output()).toContain(
            'The demo has been changed since it was made for 2026-11-23: it keeps its dates.',
        );
        expect((await eventsOf(reopened)).map(event => event.startsAt)).toEqual(before.map(event => event.startsAt));
        await reopened.stop();
    });
});
