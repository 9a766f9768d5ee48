import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Attendance, Database, Message, Penalty, StudioEvent, Subscription } from '../../src/domain/types';
import { addCustomer, addPass, freshPhone, nextId } from '../support/factories';
import { ownTeacherAndHall, ownTeacherPassword, type OwnTimetable } from '../support/ownTimetable';
import { call, demoDb, login, restClient, type DemoRole } from '../support/server';
import { startClockedApp, type ClockedApp } from '../support/signIns';

/*
 * Closing a class only once it has started, on both engines with the server's clock set by the test: a
 * class six days ahead is refused to every role (409 not_started) and nobody is marked missed, fined or
 * told; a class closed after its start but before its end is closed at once and decides no no-show then:
 * the seats still unmarked (or marked missed) are decided when it ends, by the server's closing sweep, once.
 */

const zone = 'Europe/Moscow';
const at = (local: string) => instantAt(local, zone);
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const finePlan: Subscription = {
    ...db.subscriptions[2],
    id: nextId(db.subscriptions),
    name: 'No-shows fined',
    noShowPenalty: { kind: 'fee', amount: 500 },
};
db.subscriptions.push(finePlan);
const person = (firstName: string) => {
    const customer = addCustomer(db, {
        firstName,
        lastName: 'Closing',
        phone: freshPhone(),
        email: `${firstName.toLowerCase()}.closing@example.test`,
        locale: 'en',
    });
    addPass(db, {
        customerId: customer.id,
        subscriptionId: finePlan.id,
        startsOn: '2031-11-01',
        endsOn: '2031-12-31',
        price: 0,
    });
    return customer;
};
const [nina, olga, pia, rita] = ['Nina', 'Olga', 'Pia', 'Rita'].map(person);

let app: ClockedApp;
let own: OwnTimetable & { email: string };

beforeAll(async () => {
    app = await startClockedApp({ db, at: at('2031-11-28T10:00'), tokenTtlHours: 24 * 365 });
    own = await ownTeacherAndHall(app.url, 'Closing');
});
afterAll(async () => {
    await app?.stop();
});

const tokenOf = async (role: DemoRole | 'own teacher') => {
    if (role !== 'own teacher') return login(app.url, role);
    const answer = await call(app.url, '/api/auth/login', {
        method: 'POST',
        json: { email: own.email, password: ownTeacherPassword },
    });
    return (answer.body as unknown as { token: string }).token;
};
const as = async (role: DemoRole | 'own teacher', method: string, path: string, json?: unknown) =>
    call(app.url, `/api${path}`, { method, token: await tokenOf(role), json });

const classAt = async (startsAt: string, durationMinutes = 60) => {
    const made = await as('manager', 'POST', '/events', {
        title: `Closing ${startsAt}`,
        courseId: 1,
        ...own,
        startsAt,
        durationMinutes,
        capacity: 10,
    });
    expect(made.status, made.text).toBe(201);
    return made.body as unknown as StudioEvent;
};
const book = async (eventId: number, customerId: number) => {
    const booked = await as('manager', 'POST', '/bookings', { eventId, customerId });
    expect(booked.status, booked.text).toBe(201);
};
const mark = async (eventId: number, customerId: number, status: string) => {
    const marked = await as('manager', 'POST', '/attendances', { eventId, customerId, status });
    expect(marked.status, marked.text).toBe(201);
};
const listOf = async <T>(resource: string, filter: object) =>
    (
        await restClient(app.url, await tokenOf('admin')).getList(resource, {
            filter,
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'id', order: 'ASC' },
        })
    ).data as T[];
const penaltiesOf = (customerId: number) => listOf<Penalty>('penalties', { customerId });
const marksOf = (eventId: number) => listOf<Attendance>('attendances', { eventId });

describe('a class that has not started', () => {
    it('cannot be closed by anyone: 409 not_started, and nobody is marked missed, fined or told', async () => {
        app.setClock(at('2031-11-28T10:00'));
        const friday = await classAt('2031-12-04T17:30', 90);
        for (const customer of [nina, olga]) await book(friday.id, customer.id);

        for (const role of ['manager', 'admin', 'own teacher'] as const) {
            const refused = await as(role, 'POST', `/events/${friday.id}/close`);
            expect(refused.status, `${role}: ${refused.text}`).toBe(409);
            expect(refused.body.errors).toEqual({ eventId: 'app.timetable.close.not_started' });
            expect(refused.body.message).toMatch(/not started/);
            // The roster offers no button to anyone.
            expect((await as(role, 'GET', `/events/${friday.id}/roster`)).body.closing).toMatchObject({
                canClose: false,
                refusal: 'not_started',
            });
        }
        expect((await as('manager', 'GET', `/events/${friday.id}`)).body.status).toBe('planned');
        expect(await marksOf(friday.id)).toEqual([]);
        for (const customer of [nina, olga]) {
            expect(await penaltiesOf(customer.id)).toEqual([]);
            expect(await listOf<Message>('messages', { customerId: customer.id, kind: 'penalty' })).toEqual([]);
        }
    });
});

describe('a class closed after its start, before its end', () => {
    it('is closed at once, and its no-shows are decided when it ends, once', async () => {
        app.setClock(at('2031-11-29T09:00'));
        const evening = await classAt('2031-11-29T18:00');
        const later = await classAt('2031-11-29T20:00');
        for (const customer of [nina, olga, pia]) await book(evening.id, customer.id);
        await book(later.id, rita.id);

        app.setClock(at('2031-11-29T18:20'));
        await mark(evening.id, olga.id, 'attended');
        await mark(evening.id, pia.id, 'missed');
        const closed = await as('own teacher', 'POST', `/events/${evening.id}/close`);
        expect(closed.status, closed.text).toBe(200);
        expect(closed.body.status).toBe('done');
        // Nobody is made missed and nobody is fined while the class is on.
        expect(
            (await marksOf(evening.id)).map(found => [found.customerId, found.status, found.penaltyId ?? null]),
        ).toEqual([
            [olga.id, 'attended', null],
            [pia.id, 'missed', null],
        ]);
        for (const customer of [nina, olga, pia]) expect(await penaltiesOf(customer.id)).toEqual([]);
        // A sweep before the end decides nothing either.
        app.setClock(at('2031-11-29T18:59'));
        await app.sweep();
        expect(await penaltiesOf(nina.id)).toEqual([]);

        // At its end the server's sweep decides: the unmarked and the one marked missed are no-shows.
        app.setClock(at('2031-11-29T19:00'));
        await app.sweep();
        const [ninas] = await penaltiesOf(nina.id);
        expect(ninas).toMatchObject({ kind: 'no_show', eventId: evening.id, status: 'forgiven' });
        expect(await penaltiesOf(pia.id)).toMatchObject([{ kind: 'no_show', eventId: evening.id }]);
        expect(await penaltiesOf(olga.id)).toEqual([]);
        expect((await marksOf(evening.id)).find(found => found.customerId === nina.id)).toMatchObject({
            status: 'missed',
            penaltyId: ninas.id,
        });

        // The later class is closed before its end too; once it is decided, the first was not decided again.
        app.setClock(at('2031-11-29T20:10'));
        expect((await as('manager', 'POST', `/events/${later.id}/close`)).status).toBe(200);
        app.setClock(at('2031-11-29T21:00'));
        await app.sweep();
        expect(await penaltiesOf(rita.id)).toMatchObject([{ kind: 'no_show', eventId: later.id }]);
        await app.sweep();
        expect(await penaltiesOf(nina.id)).toHaveLength(1);
        expect(await penaltiesOf(pia.id)).toHaveLength(1);
    });
});
