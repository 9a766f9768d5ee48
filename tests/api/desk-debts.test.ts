import { describe, expect, it } from 'vitest';
import type { Attendance } from '../../src/domain/types';
import type { DemoRole } from '../support/server';
import { deskServer, today } from '../support/desk';

/*
 * Money at the desk: a visit marked without a pass is a debt, settled once a pass can pay for it.
 */

const { request, newCustomer, sell, passOf } = deskServer();

describe('settling a debt', () => {
    let minutes = 0;
    /** A class of its own today, at a time no other test's class takes: course 1 is yoga, course 3 stretching. */
    const newEvent = async (courseId: number): Promise<number> => {
        minutes += 5;
        const startsAt = `${today}T06:${String(minutes).padStart(2, '0')}`;
        const { status, body } = await request('POST', '/events', 'manager', {
            courseId,
            teacherId: 3,
            studioId: 3,
            startsAt,
            durationMinutes: 5,
            capacity: 20,
        });
        expect(status, JSON.stringify(body)).toBe(201);
        return body.id as number;
    };

    /** A visit marked without a pass to charge: a debt. */
    const debt = async (customerId: number, courseId = 1): Promise<Attendance> => {
        const { status, body } = await request('POST', '/attendances', 'manager', {
            eventId: await newEvent(courseId),
            customerId,
            status: 'attended',
        });
        expect(status, JSON.stringify(body)).toBe(201);
        expect(body).toMatchObject({ unpaid: true, charged: false, passId: null });
        return body as unknown as Attendance;
    };

    const settle = (attendanceId: number, json: object = {}, role: DemoRole = 'manager') =>
        request('POST', `/attendances/${attendanceId}/settle`, role, json);
    const refused = (reason: string) => ({ status: 409, body: { errors: { passId: `app.money.errors.${reason}` } } });

    it('charges the pass the charging rule picks, and refuses with the reason while none can pay', async () => {
        const customerId = await newCustomer();
        const visit = await debt(customerId);
        expect(await settle(visit.id)).toMatchObject(refused('no_covering_pass'));
        const { pass: stretching } = await sell(customerId, 8);
        expect(await settle(visit.id)).toMatchObject(refused('no_covering_pass'));
        expect(await settle(visit.id, { passId: stretching.id })).toMatchObject(refused('no_covering_pass'));
        const { pass: yoga } = await sell(customerId, 7);
        expect((await request('POST', `/passes/${yoga.id}/freeze`, 'manager', { from: today, to: today })).status).toBe(
            200,
        );
        expect(await settle(visit.id)).toMatchObject(refused('pass_frozen'));
        expect(await settle(visit.id, { passId: yoga.id })).toMatchObject(refused('pass_frozen'));
        expect((await request('POST', `/passes/${yoga.id}/unfreeze`, 'manager', { on: today })).status).toBe(200);
        const settled = await settle(visit.id);
        expect(settled).toMatchObject({
            status: 200,
            body: {
                attendance: { id: visit.id, charged: true, unpaid: false, passId: yoga.id },
                pass: { id: yoga.id, visitsUsed: 1 },
            },
        });
        expect((await request('GET', `/attendances/${visit.id}`, 'manager')).body).toMatchObject({
            charged: true,
            unpaid: false,
            passId: yoga.id,
        });
        expect(await passOf(yoga.id)).toMatchObject({ visitsUsed: 1 });
        expect(await passOf(stretching.id)).toMatchObject({ visitsUsed: 0 });
        expect(await settle(visit.id)).toMatchObject(refused('not_a_debt'));
    });

    it('charges the pass named rather than the one ending soonest, if it is the customer’s', async () => {
        const customerId = await newCustomer();
        const visit = await debt(customerId);
        const { pass: sooner } = await sell(customerId, 2);
        const { pass: later } = await sell(customerId, 7);
        const other = await sell(await newCustomer(), 7);
        expect(await settle(visit.id, { passId: other.pass.id })).toMatchObject({
            status: 400,
            body: { errors: { passId: 'app.money.errors.not_customers_pass' } },
        });
        expect(await settle(visit.id, { passId: later.id })).toMatchObject({
            status: 200,
            body: { attendance: { passId: later.id } },
        });
        expect(await passOf(sooner.id)).toMatchObject({ visitsUsed: 0 });
        expect(await passOf(later.id)).toMatchObject({ visitsUsed: 1 });
    });

    it('refuses a used-up pass, a missing attendance and teachers', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 1);
        const charged = await request('POST', '/attendances', 'manager', {
            eventId: await newEvent(3),
            customerId,
            status: 'attended',
        });
        expect(charged.body).toMatchObject({ charged: true, passId: pass.id });
        const visit = await debt(customerId);
        expect(await settle(visit.id)).toMatchObject(refused('no_visits_left'));
        expect(await settle(visit.id, { passId: pass.id })).toMatchObject(refused('no_visits_left'));
        expect(await settle(charged.body.id as number)).toMatchObject(refused('not_a_debt'));
        expect((await settle(999_999)).status).toBe(404);
        expect((await settle(visit.id, {}, 'teacher')).status).toBe(403);
        expect((await settle(visit.id, { passId: 'x' })).status).toBe(400);
    });

    it('names in the roster until when the pass of someone without a pass to charge is frozen', async () => {
        const customerId = await newCustomer();
        const eventId = await newEvent(1);
        expect(
            (await request('POST', '/attendances', 'manager', { eventId, customerId, status: 'excused' })).status,
        ).toBe(201);
        const person = async () =>
            (
                (await request('GET', `/events/${eventId}/roster`, 'manager')).body as unknown as {
                    people: { customerId: number; pass: unknown; frozenUntil: string | null }[];
                }
            ).people.find(one => one.customerId === customerId);
        expect(await person()).toMatchObject({ pass: null, frozenUntil: null });
        const { pass } = await sell(customerId, 7);
        expect((await request('POST', `/passes/${pass.id}/freeze`, 'manager', { from: today, to: today })).status).toBe(
            200,
        );
        expect(await person()).toMatchObject({ pass: null, frozenUntil: today });
        await sell(customerId, 3);
        expect(await person()).toMatchObject({ frozenUntil: null });
    });
});
