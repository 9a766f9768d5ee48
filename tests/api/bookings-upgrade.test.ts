import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Booking, Database } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone, nextId } from '../support/factories';
import {
    call,
    demoDb,
    engine,
    login,
    postgresDatabaseFor,
    removeDir,
    startServer,
    type RunningServer,
} from '../support/server';

/*
 * A database made before bookings, opened by this version (db.json's upgrade at start, or an import into
 * PostgreSQL) or migrated in place (PostgreSQL's migrations 013 and 014): the booking settings get their
 * defaults, each group's members a seat in its classes still to come, none in past ones, every class and
 * group may be booked by customers (bookable) and no plan has a late-cancel window of its own.
 */

/** The demo as a version before bookings wrote it, with a group meeting in 2031 (to come) and once in 2020. */
const olderDatabase = () => {
    const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
    delete (db as Partial<Database>).bookings;
    const config = db.configs[0] as Partial<Database['configs'][number]>;
    delete config.bookingOpensDays;
    delete config.bookingClosesMinutes;
    delete config.lateCancelHours;
    delete config.maxWaitlists;
    for (const plan of db.subscriptions) delete (plan as Partial<typeof plan>).lateCancelHours;
    const members = ['Early', 'Keen'].map(lastName => {
        const customer = addCustomer(db, { firstName: 'Upgrade', lastName, phone: freshPhone() });
        addPass(db, { customerId: customer.id, startsOn: '2031-01-01', endsOn: '2031-12-31', visitsTotal: 8 });
        return customer.id;
    });
    const scheduleId = nextId(db.schedules);
    db.schedules.push({
        id: scheduleId,
        createdAt: '2020-01-01T00:00:00.000Z',
        title: 'Upgrade group',
        courseId: db.courses[0].id,
        teacherId: 3,
        studioId: db.studios[0].id,
        slots: [{ weekday: 3, startTime: '18:00', durationMinutes: 60 }],
        startsOn: '2020-01-01',
        endsOn: null,
        capacity: 10,
        bookable: true,
        customerIds: members,
        active: true,
    });
    const event = (startsAt: string) => addEvent(db, startsAt, { scheduleId });
    const past = event('2020-01-08T18:00');
    const toCome = [event('2031-07-16T18:00'), event('2031-07-23T18:00')];
    for (const record of [...db.schedules, ...db.events]) delete (record as { bookable?: boolean }).bookable;
    return { db, members, past, toCome };
};

const bookingsOf = async (server: RunningServer, eventIds: number[]) => {
    const token = await login(server.url, 'admin');
    const answer = await call(
        server.url,
        `/api/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId: eventIds }))}&range=[0,99]`,
        { token },
    );
    return answer.body as unknown as Booking[];
};

/** Every class and group bookable by customers, and every plan with the studio's late-cancel window. */
const expectBookableWithoutPlanWindows = async (server: RunningServer) => {
    const token = await login(server.url, 'admin');
    for (const path of ['/api/events?range=[0,999]', '/api/schedules?range=[0,999]']) {
        const records = (await call(server.url, path, { token })).body as unknown as { bookable: boolean }[];
        expect(records.length).toBeGreaterThan(0);
        expect(records.filter(record => record.bookable !== true)).toEqual([]);
    }
    const plans = (await call(server.url, '/api/subscriptions?range=[0,99]', { token })).body as unknown as {
        lateCancelHours: number | null;
    }[];
    expect(plans.map(plan => plan.lateCancelHours)).toEqual(plans.map(() => null));
};

describe('a database made before bookings', () => {
    it('is opened with the booking settings and a seat for each member in each class still to come', async () => {
        const { db, members, past, toCome } = olderDatabase();
        const server = await startServer({ db });
        try {
            const seats = await bookingsOf(server, [past.id, ...toCome.map(event => event.id)]);
            expect(seats.map(seat => [seat.eventId, seat.customerId, seat.status, seat.source])).toEqual(
                toCome.flatMap(event => members.map(id => [event.id, id, 'booked', 'group'])),
            );
            expect(seats.every(seat => seat.passId !== null)).toBe(true);
            const token = await login(server.url, 'admin');
            const config = (await call(server.url, '/api/configs/general', { token })).body;
            expect(config).toMatchObject({
                bookingOpensDays: 14,
                bookingClosesMinutes: 0,
                lateCancelHours: 12,
                maxWaitlists: 3,
            });
            await expectBookableWithoutPlanWindows(server);
        } finally {
            await server.stop();
            removeDir(server.dir);
        }
    });

    (engine === 'postgres' ? it : it.skip)('on PostgreSQL gains the same by migrations 013 and 014', async () => {
        const { db, members, toCome } = olderDatabase();
        const prepared = await startServer({ db });
        await prepared.stop();
        const client = new pg.Client({ connectionString: await postgresDatabaseFor(prepared.dbFile) });
        await client.connect();
        try {
            // As migration 012 left it: no seats, no booking settings.
            await client.query('DELETE FROM bookings');
            await client.query(
                'UPDATE configs SET "bookingOpensDays" = NULL, "bookingClosesMinutes" = NULL, "lateCancelHours" = NULL, "maxWaitlists" = NULL',
            );
            // As migration 013 left it: no bookable classes or groups, no plans' own windows.
            await client.query('ALTER TABLE events DROP COLUMN bookable');
            await client.query('ALTER TABLE schedules DROP COLUMN bookable');
            await client.query('ALTER TABLE subscriptions DROP COLUMN "lateCancelHours"');
            await client.query('DELETE FROM schema_migrations WHERE version IN (13, 14)');
        } finally {
            await client.end();
        }
        const server = await startServer({ dbFile: prepared.dbFile });
        try {
            expect(server.output()).toMatch(/Applied the database migration 13 \(group-seats\)/);
            expect(server.output()).toMatch(/Applied the database migration 14 \(bookable\)/);
            await expectBookableWithoutPlanWindows(server);
            const seats = await bookingsOf(
                server,
                toCome.map(event => event.id),
            );
            expect(seats.map(seat => [seat.eventId, seat.customerId, seat.source])).toEqual(
                toCome.flatMap(event => members.map(id => [event.id, id, 'group'])),
            );
        } finally {
            await server.stop();
            removeDir(prepared.dir);
        }
    });
});
