import { describe, expect, it } from 'vitest';
import { attendanceServer, httpError } from '../support/attendance';

/*
 * Charging a visit when attendance is marked: which pass pays, debts without one, and visits given back
 * when a mark or its class changes.
 */

const { signed, buildEvent, buildCustomer, buildPass, pass, mark } = attendanceServer();

describe('charging a visit when attendance is marked', () => {
    it('charges the active covering pass that ends soonest, skipping frozen, expired, used-up and wrong-direction passes', async () => {
        const customer = await buildCustomer('Chooser');
        const event = await buildEvent();
        // First a pass whose single visit is spent on an earlier class, while it is the only pass.
        const usedUp = await buildPass(customer.id, { endsOn: '2025-05-30', visitsTotal: 1 });
        const earlier = await buildEvent({ startsAt: '2025-04-02T06:00' });
        expect((await mark(earlier.id, customer.id)).passId).toBe(usedUp.id);
        const later = await buildPass(customer.id, { endsOn: '2025-06-30' });
        const sooner = await buildPass(customer.id, { endsOn: '2025-05-31', directionIds: [1] });
        const frozen = await buildPass(customer.id, {
            endsOn: '2025-05-20',
            frozenFrom: '2025-05-01',
            frozenTo: '2025-05-28',
        });
        const expired = await buildPass(customer.id, { startsOn: '2025-03-01', endsOn: '2025-04-30' });
        const wrongDirection = await buildPass(customer.id, { endsOn: '2025-05-29', directionIds: [4] });

        const attendance = await mark(event.id, customer.id);
        expect(attendance).toMatchObject({ passId: sooner.id, charged: true, unpaid: false });
        expect((await pass(sooner.id)).visitsUsed).toBe(1);
        for (const other of [later, frozen, expired, wrongDirection]) expect((await pass(other.id)).visitsUsed).toBe(0);
        expect((await pass(usedUp.id)).visitsUsed).toBe(1);
    });

    it('marks a visit without a pass as a debt, and settles it once a pass is sold and the mark changes', async () => {
        const customer = await buildCustomer('Debtor');
        const event = await buildEvent();
        const attendance = await mark(event.id, customer.id);
        expect(attendance).toMatchObject({ passId: null, charged: false, unpaid: true });
        const bought = await buildPass(customer.id);
        const { data: late } = await signed.clients.manager.update('attendances', {
            id: attendance.id,
            data: { status: 'late' },
            previousData: attendance,
        });
        expect(late).toMatchObject({ passId: bought.id, charged: true, unpaid: false });
    });

    it('gives the visit back when the mark stops charging or is deleted, and keeps it between charging marks', async () => {
        const customer = await buildCustomer('Changer');
        const event = await buildEvent();
        const bought = await buildPass(customer.id);
        const attendance = await mark(event.id, customer.id);
        expect((await pass(bought.id)).visitsUsed).toBe(1);

        const { data: late } = await signed.clients.manager.update('attendances', {
            id: attendance.id,
            data: { status: 'late' },
            previousData: attendance,
        });
        expect(late).toMatchObject({ passId: bought.id, charged: true });
        expect((await pass(bought.id)).visitsUsed).toBe(1);

        const { data: excused } = await signed.clients.manager.update('attendances', {
            id: attendance.id,
            data: { status: 'excused' },
            previousData: late,
        });
        expect(excused).toMatchObject({ passId: null, charged: false, unpaid: false });
        expect((await pass(bought.id)).visitsUsed).toBe(0);

        const { data: again } = await signed.clients.manager.update('attendances', {
            id: attendance.id,
            data: { status: 'missed' },
            previousData: excused,
        });
        expect(again).toMatchObject({ passId: bought.id, charged: true });
        expect((await pass(bought.id)).visitsUsed).toBe(1);

        await signed.clients.manager.delete('attendances', { id: attendance.id, previousData: again });
        expect((await pass(bought.id)).visitsUsed).toBe(0);
    });

    it('refuses a second mark of the same customer on the same class (409) and changes no pass', async () => {
        const customer = await buildCustomer('Twice');
        const event = await buildEvent();
        const bought = await buildPass(customer.id);
        await mark(event.id, customer.id);
        const error = await httpError(mark(event.id, customer.id, 'late'));
        expect(error.status).toBe(409);
        expect((await pass(bought.id)).visitsUsed).toBe(1);
    });

    it('charges nobody on a cancelled class: marking is refused, cancelling gives visits back, reinstating charges again', async () => {
        const customer = await buildCustomer('Cancelled');
        const event = await buildEvent();
        const bought = await buildPass(customer.id);
        const attendance = await mark(event.id, customer.id);
        expect((await pass(bought.id)).visitsUsed).toBe(1);

        const { data: cancelled } = await signed.clients.manager.update('events', {
            id: event.id,
            data: { status: 'cancelled' },
            previousData: event,
        });
        expect((await pass(bought.id)).visitsUsed).toBe(0);
        expect((await signed.clients.manager.getOne('attendances', { id: attendance.id })).data).toMatchObject({
            charged: false,
            passId: null,
            unpaid: false,
        });

        const other = await buildCustomer('Latecomer');
        const refused = await httpError(mark(event.id, other.id));
        expect(refused.status).toBe(409);
        expect(refused.body?.errors).toEqual({ eventId: 'app.validation.event_cancelled' });

        await signed.clients.manager.update('events', {
            id: event.id,
            data: { status: 'done' },
            previousData: cancelled,
        });
        expect((await pass(bought.id)).visitsUsed).toBe(1);
        expect((await signed.clients.manager.getOne('attendances', { id: attendance.id })).data).toMatchObject({
            charged: true,
            passId: bought.id,
        });
    });
});
