import { describe, expect, it } from 'vitest';
import { studioToday } from '../../src/domain/time';
import type { Attendance, Pass, Payment, PaymentLink } from '../../src/domain/types';
import { call, type DemoRole, serverForEveryRole } from '../support/server';

/*
 * Money at the desk: a part payment leaves the rest due on the pass (it is no discount), the rest is paid
 * later, a discount is a lower price with a reason, and a visit marked without a pass is settled once a
 * pass can pay for it.
 */

const served = serverForEveryRole();
const { tokens } = served;
const today = studioToday('Europe/Moscow');
const testCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

type PassRow = Pass & { paid: number; balanceDue: number };

const request = (method: string, path: string, role: DemoRole, json?: unknown) =>
    call(served.server.url, `/api${path}`, { method, token: tokens[role], json });

let lastName = 0;
/** A customer of their own, so that nothing of the demo data counts in their balance. */
const newCustomer = async (): Promise<number> => {
    lastName += 1;
    const { status, body } = await request('POST', '/customers', 'manager', {
        firstName: 'Desk',
        lastName: `Test ${lastName}`,
        phone: '+7 900 000-00-00',
        status: 'active',
    });
    expect(status).toBe(201);
    return body.id as number;
};

const sell = async (customerId: number, subscriptionId: number, fields: object = {}) => {
    const { status, body } = await request('POST', '/passes/sell', 'manager', {
        customerId,
        subscriptionId,
        startsOn: today,
        method: 'cash',
        ...fields,
    });
    expect(status, JSON.stringify(body)).toBe(201);
    return body as unknown as { pass: PassRow; payment: Payment | null };
};

const passOf = async (id: number) => (await request('GET', `/passes/${id}`, 'manager')).body as unknown as PassRow;
const customerOf = async (id: number) =>
    (await request('GET', `/customers/${id}`, 'manager')).body as unknown as { balanceDue: number };
const pay = (passId: number, amount: number, role: DemoRole = 'manager') =>
    request('POST', `/passes/${passId}/pay`, role, { amount, method: 'card' });

describe('a part payment', () => {
    it('keeps the plan price on the pass and leaves the rest due, on the pass and the customer', async () => {
        const customerId = await newCustomer();
        const { pass, payment } = await sell(customerId, 3, { amount: 2000 });
        expect(pass).toMatchObject({ price: 5200, paid: 2000, balanceDue: 3200, discountReason: null });
        expect(payment).toMatchObject({ amount: 2000, passId: pass.id });
        expect(await passOf(pass.id)).toMatchObject({ price: 5200, paid: 2000, balanceDue: 3200 });
        const list = await request(
            'GET',
            `/passes?filter=${encodeURIComponent(JSON.stringify({ customerId }))}`,
            'manager',
        );
        expect(list.body).toMatchObject([{ id: pass.id, paid: 2000, balanceDue: 3200 }]);
        expect(await customerOf(customerId)).toMatchObject({ balanceDue: 3200 });
        const customers = await request(
            'GET',
            `/customers?filter=${encodeURIComponent(JSON.stringify({ id: [customerId] }))}`,
            'manager',
        );
        expect(customers.body).toMatchObject([{ id: customerId, balanceDue: 3200 }]);
    });

    it('is paid off by paying the rest, never more than is due', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 3, { amount: 2000 });
        expect(await pay(pass.id, 3200.01)).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.more_than_due' } },
        });
        const first = await pay(pass.id, 1000);
        expect(first).toMatchObject({
            status: 201,
            body: {
                payment: { kind: 'payment', amount: 1000, method: 'card', passId: pass.id, customerId },
                pass: { balanceDue: 2200 },
            },
        });
        expect((await pay(pass.id, 2200)).status).toBe(201);
        expect(await passOf(pass.id)).toMatchObject({ paid: 5200, balanceDue: 0 });
        expect(await customerOf(customerId)).toMatchObject({ balanceDue: 0 });
        expect(await pay(pass.id, 1)).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.money.errors.nothing_due' } },
        });
    });

    it('refuses a missing pass, bad input and teachers', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 3, { amount: 0 });
        expect((await pay(999_999, 10)).status).toBe(404);
        expect(await pay(pass.id, 0)).toMatchObject({
            status: 400,
            body: { errors: { amount: 'app.validation.positive' } },
        });
        expect(
            (await request('POST', `/passes/${pass.id}/pay`, 'manager', { amount: 10, method: 'online' })).status,
        ).toBe(400);
        expect((await pay(pass.id, 10, 'teacher')).status).toBe(403);
        expect(await passOf(pass.id)).toMatchObject({ paid: 0, balanceDue: 5200 });
    });

    it('of nothing records no payment and leaves the whole price due', async () => {
        const customerId = await newCustomer();
        const { pass, payment } = await sell(customerId, 2, { amount: 0 });
        expect(payment).toBeNull();
        expect(pass).toMatchObject({ price: 2800, paymentId: null, paid: 0, balanceDue: 2800 });
        const { body } = await pay(pass.id, 2800);
        expect(body).toMatchObject({ pass: { paymentId: (body.payment as Payment).id, balanceDue: 0 } });
    });

    it('of a cancelled pass owes nothing', async () => {
        const customerId = await newCustomer();
        const { pass } = await sell(customerId, 3, { amount: 2000 });
        expect(
            (
                await request('POST', '/payments/refund', 'manager', {
                    customerId,
                    amount: 2000,
                    method: 'cash',
                    passId: pass.id,
                    cancelPass: true,
                })
            ).status,
        ).toBe(201);
        expect(await passOf(pass.id)).toMatchObject({ paid: 0, balanceDue: 0, cancelled: true });
        expect(await customerOf(customerId)).toMatchObject({ balanceDue: 0 });
    });
});

describe('a discount', () => {
    it('needs a reason and a price below the plan’s', async () => {
        const customerId = await newCustomer();
        const body = { customerId, subscriptionId: 3, startsOn: today, method: 'cash' };
        expect(await request('POST', '/passes/sell', 'manager', { ...body, price: 4000 })).toMatchObject({
            status: 400,
            body: { errors: { discountReason: 'app.money.errors.discount_needs_reason' } },
        });
        expect(
            await request('POST', '/passes/sell', 'manager', { ...body, price: 4000, discountReason: 'ok' }),
        ).toMatchObject({ status: 400, body: { errors: { discountReason: 'app.money.errors.reason_too_short' } } });
        expect(
            await request('POST', '/passes/sell', 'manager', { ...body, price: 5200, discountReason: 'No discount' }),
        ).toMatchObject({ status: 400, body: { errors: { price: 'app.money.errors.discount_not_lower' } } });
        expect(
            await request('GET', `/passes?filter=${encodeURIComponent(JSON.stringify({ customerId }))}`, 'manager'),
        ).toMatchObject({ body: [] });
    });

    it('records the lower price and its reason on the pass, paid in full by default, and a plain write keeps them', async () => {
        const customerId = await newCustomer();
        const { pass, payment } = await sell(customerId, 3, { price: 4000, discountReason: 'Friend of the studio' });
        expect(pass).toMatchObject({ price: 4000, discountReason: 'Friend of the studio', paid: 4000, balanceDue: 0 });
        expect(payment).toMatchObject({ amount: 4000 });
        const put = await request('PUT', `/passes/${pass.id}`, 'admin', {
            ...pass,
            price: 1,
            discountReason: 'Changed by hand',
        });
        expect(put).toMatchObject({ status: 200, body: { price: 4000, discountReason: 'Friend of the studio' } });
        const partly = await sell(customerId, 3, { price: 4000, discountReason: 'Friend of the studio', amount: 1000 });
        expect(partly.pass).toMatchObject({ price: 4000, paid: 1000, balanceDue: 3000 });
    });
});

describe('a payment link for less than the plan', () => {
    it('is a part payment too: the pass keeps the plan price', async () => {
        const customerId = await newCustomer();
        const { body: link } = await request('POST', '/paymentLinks', 'manager', {
            customerId,
            subscriptionId: 3,
            amount: 4000,
        });
        const paid = await call(
            served.server.url,
            `/api/public/payment-links/${(link as unknown as PaymentLink).id}/pay`,
            { method: 'POST', json: testCard },
        );
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        const { body } = await request(
            'GET',
            `/passes?filter=${encodeURIComponent(JSON.stringify({ customerId }))}`,
            'manager',
        );
        expect(body).toMatchObject([{ price: 5200, paid: 4000, balanceDue: 1200 }]);
    });
});

describe('the public payment page', () => {
    it('refuses an expired card on its expiry, and malformed fields on theirs, charging nothing', async () => {
        const customerId = await newCustomer();
        const { body } = await request('POST', '/paymentLinks', 'manager', { customerId, subscriptionId: 2 });
        const path = `/api/public/payment-links/${(body as unknown as PaymentLink).id}`;
        const payWith = (card: object) =>
            call(served.server.url, `${path}/pay`, { method: 'POST', json: { ...testCard, ...card } });
        expect(await payWith({ expiry: '01/20' })).toMatchObject({
            status: 400,
            body: { errors: { expiry: 'app.payment_page.errors.expired' } },
        });
        expect(await payWith({ expiry: '1/30' })).toMatchObject({
            status: 400,
            body: { errors: { expiry: 'app.payment_page.errors.expiry' } },
        });
        expect(await payWith({ cvc: '12a' })).toMatchObject({
            status: 400,
            body: { errors: { cvc: 'app.payment_page.errors.cvc' } },
        });
        expect(await call(served.server.url, path)).toMatchObject({
            status: 200,
            body: { status: 'pending', timezone: 'Europe/Moscow' },
        });
    });
});

describe('refunding online', () => {
    it('is allowed only for what was paid online', async () => {
        const customerId = await newCustomer();
        const { body: link } = await request('POST', '/paymentLinks', 'manager', { customerId, subscriptionId: 2 });
        expect(
            (
                await call(served.server.url, `/api/public/payment-links/${(link as unknown as PaymentLink).id}/pay`, {
                    method: 'POST',
                    json: testCard,
                })
            ).status,
        ).toBe(200);
        const { pass: cashPass } = await sell(customerId, 1);
        const refund = (passId: number | null) =>
            request('POST', '/payments/refund', 'manager', { customerId, amount: 100, method: 'online', passId });
        expect(await refund(cashPass.id)).toMatchObject({
            status: 400,
            body: { errors: { method: 'app.money.errors.no_online_payment' } },
        });
        const onlinePassId = (
            (await request('GET', `/paymentLinks/${(link as unknown as PaymentLink).id}`, 'manager'))
                .body as unknown as PaymentLink
        ).passId as number;
        expect(await refund(onlinePassId)).toMatchObject({
            status: 201,
            body: { payment: { method: 'online', kind: 'refund' } },
        });
        expect((await refund(null)).status).toBe(201);
        const other = await newCustomer();
        await sell(other, 1);
        expect(
            await request('POST', '/payments/refund', 'manager', { customerId: other, amount: 100, method: 'online' }),
        ).toMatchObject({
            status: 400,
            body: { errors: { method: 'app.money.errors.no_online_payment' } },
        });
    });
});

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
