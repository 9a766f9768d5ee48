import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CancelNoticesAnswer } from '../../src/domain/eventNotices';
import { instantAt } from '../../src/domain/time';
import type { Database, StudioEvent } from '../../src/domain/types';
import { addCustomer, addEvent, addPass, freshPhone, nextId } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { outboxDesk } from '../support/outbox';
import { demoDb, login, restClient } from '../support/server';

/*
 * Who hears that a class is cancelled, on both engines: before the cancel, everyone booked or in line
 * with the channel their message would take (a ward's by their guardian) or why none can; after it, each
 * cancellation message as it went, with the phone of whoever reads it for the desk to call those no
 * message reached. Managers read it, teachers do not. The classes list answers each class's seats. A
 * teacher and a hall of the test's own; the server's clock is set to July 2031.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const teacherId = nextId(db.users);
db.users.push({
    ...db.users.find(user => user.role === 'teacher')!,
    id: teacherId,
    email: 'notices@example.test',
    phone: null,
});
const studioId = nextId(db.studios);
db.studios.push({ ...db.studios[0], id: studioId, name: 'Notices hall' });

const person = (lastName: string, fields: Partial<Database['customers'][number]> = {}) => {
    const customer = addCustomer(db, {
        firstName: 'Notice',
        lastName,
        phone: freshPhone(),
        email: `notice.${lastName.toLowerCase()}@example.test`,
        ...fields,
    });
    addPass(db, { customerId: customer.id, startsOn: '2031-07-01', endsOn: '2031-08-31', visitsTotal: 8 });
    return customer;
};
const mailed = person('Mailed');
const noMail = person('Nomail', { email: null });
const quiet = person('Quiet', {
    notify: { email: true, telegram: true, kinds: { class_cancelled: false } },
});
const parent = person('Parent');
const ward = person('Ward', { phone: null, email: null, guardianId: parent.id });
const waiting = person('Waiting');
/** A phone as the server stores it: digits after the plus. */
const stored = (phone: string | null | undefined) => phone?.replace(/[^\d+]/g, '');
const at = (local: string) => new Date(instantAt(local, 'Europe/Moscow'));
const event = addEvent(db, '2031-07-20T18:00', { teacherId, studioId, capacity: 4, title: 'Notices flow' });

const served = serverWithMail(db, {}, () => at('2031-07-15T12:00'));
const { as, book } = outboxDesk(() => served.server);
const notices = async () => {
    const answer = await as('manager', `/events/${event.id}/cancel-notices`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as unknown as CancelNoticesAnswer;
};

describe('who hears that a class is cancelled', () => {
    it('lists before the cancel everyone booked or in line, with the channel or why none can reach them', async () => {
        for (const customer of [mailed, noMail, quiet, ward]) await book(event.id, customer.id);
        await book(event.id, waiting.id, true);
        const before = await notices();
        expect(before.cancelled).toBe(false);
        expect(before.people).toEqual([
            expect.objectContaining({
                name: 'Notice Mailed',
                seat: 'booked',
                channel: 'email',
                reason: null,
                message: null,
            }),
            expect.objectContaining({ name: 'Notice Nomail', channel: null, reason: 'no_channel' }),
            expect.objectContaining({ name: 'Notice Quiet', channel: null, reason: 'opted_out' }),
            expect.objectContaining({
                name: 'Notice Ward',
                channel: 'email',
                recipient: { id: parent.id, name: 'Notice Parent', phone: stored(parent.phone) },
            }),
            expect.objectContaining({ name: 'Notice Waiting', seat: 'waitlisted', channel: 'email' }),
        ]);
    });

    it('answers seats taken with each class of the list, as booked and capacity', async () => {
        const client = restClient(served.server.url, await login(served.server.url, 'manager'));
        const { data } = await client.getList<StudioEvent & { booked: number; waitlisted: number }>('events', {
            filter: { teacherId },
            sort: { field: 'startsAt', order: 'ASC' },
            pagination: { page: 1, perPage: 10 },
        });
        expect(data.map(found => [found.id, found.booked, found.capacity, found.waitlisted])).toEqual([
            [event.id, 4, 4, 1],
        ]);
    });

    it('lists after the cancel each message as it went, with the phone to call those it did not reach', async () => {
        const record = (await as('manager', `/events/${event.id}`)).body;
        const cancelled = await as('manager', `/events/${event.id}`, {
            method: 'PUT',
            json: { ...record, status: 'cancelled' },
        });
        expect(cancelled.status, cancelled.text).toBe(200);
        await served.mailbox.waitFor(mailed.email!, /class cancelled|занятие отменено/);
        const after = await notices();
        expect(after.cancelled).toBe(true);
        const byName = new Map(after.people.map(notice => [notice.name, notice]));
        expect([...byName.keys()].sort()).toEqual([
            'Notice Mailed',
            'Notice Nomail',
            'Notice Quiet',
            'Notice Waiting',
            'Notice Ward',
        ]);
        expect(byName.get('Notice Nomail')).toMatchObject({
            seat: null,
            channel: null,
            reason: 'no_channel',
            recipient: { name: 'Notice Nomail', phone: stored(noMail.phone) },
            message: { status: 'skipped', error: 'no_channel' },
        });
        expect(byName.get('Notice Quiet')).toMatchObject({ message: { status: 'skipped', error: 'opted_out' } });
        expect(byName.get('Notice Ward')).toMatchObject({ recipient: { id: parent.id, phone: stored(parent.phone) } });
        expect(byName.get('Notice Mailed')?.message?.status).toMatch(/queued|sent/);
    });

    it('is for managers and admins: a teacher is refused, a class that is not there is a 404', async () => {
        expect((await as('teacher', `/events/${event.id}/cancel-notices`)).status).toBe(403);
        expect((await as('admin', `/events/${event.id}/cancel-notices`)).status).toBe(200);
        expect((await as('manager', '/events/99999999/cancel-notices')).status).toBe(404);
    });
});
