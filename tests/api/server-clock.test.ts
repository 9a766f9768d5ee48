import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentLink, StudioEvent } from '../../src/domain/types';
import { addDays, instantAt } from '../../src/domain/time';
import { freshPhone } from '../support/factories';
import { call, login, tokenPayload, type DemoRole } from '../support/server';
import { startClockedApp, type ClockedApp } from '../support/signIns';
import { beginPayment, checkoutId, payOnline, readAttempt, testCards } from '../support/payOnline';

/*
 * One clock: every rule that depends on the time reads the clock the server is given, never the
 * machine's. The app runs in the test's process with its clock set to days in 2031, far from the
 * machine's calendar, so that a rule that read the system clock would answer another day, another
 * expiry, another window. Sign-ins last an hour of the server's clock: tests sign in again after
 * moving it.
 */

const zone = 'Europe/Moscow';
/** The instant the studio's wall clock shows `local` (YYYY-MM-DDTHH:mm). */
const at = (local: string) => instantAt(local, zone);
const start = at('2031-07-15T12:00');

let app: ClockedApp;

beforeAll(async () => {
    app = await startClockedApp({ at: start });
});

afterAll(async () => {
    await app?.stop();
});

/** A call signed in, at the clock's time, as a demo role. */
const as = async (role: DemoRole, path: string, init: Omit<Parameters<typeof call>[2], 'token'> = {}) =>
    call(app.url, `/api${path}`, { ...init, token: await login(app.url, role) });

const created = async <T>(path: string, json: unknown): Promise<T> => {
    const answer = await as('manager', path, { method: 'POST', json });
    if (answer.status !== 201) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
    return answer.body as unknown as T;
};

describe('today', () => {
    it('is the studio’s date at the server’s clock on the dashboard and in the statistics', async () => {
        app.setClock(start);
        expect((await as('manager', '/dashboard')).body.today).toBe('2031-07-15');
        expect((await as('teacher', '/dashboard')).body.today).toBe('2031-07-15');
        // 22:30 in UTC is already the next day in Moscow.
        app.setClock('2031-07-15T22:30:00.000Z');
        expect((await as('manager', '/dashboard')).body.today).toBe('2031-07-16');
        const income = await as('manager', '/statistics/incomes?from=2031-07-01&to=2031-07-31');
        expect(income.status).toBe(200);
        // What visits earned, and the days so far compared, stop at the clock's today.
        expect(income.body.earned).toMatchObject({ to: '2031-07-16' });
        expect(income.body.toDate).toMatchObject({ from: '2031-07-01', to: '2031-07-16' });
    });

    it('decides which days of a teacher’s pay may be closed, and a reopening bears its time', async () => {
        app.setClock(start);
        const boris = 4;
        const refused = await as('manager', `/teachers/${boris}/pay/close`, {
            method: 'POST',
            json: { from: '2031-07-01', to: '2031-07-15' },
        });
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual({ to: 'app.validation.pay_close_past' });
        const closed = await created<{ id: number }>(`/teachers/${boris}/pay/close`, {
            from: '2031-07-01',
            to: '2031-07-14',
        });
        app.setClock(at('2031-07-16T09:30'));
        const reopened = await as('admin', `/payPeriods/${closed.id}/reopen`, { method: 'POST' });
        expect(reopened.status).toBe(200);
        expect(reopened.body.reopenedAt).toBe(at('2031-07-16T09:30'));
    });
});

describe('what the server records', () => {
    it('bears the server’s time: a record’s createdAt and its audit entry', async () => {
        app.setClock(start);
        const customer = await created<{ id: number; createdAt: string }>('/customers', {
            firstName: 'Clock',
            lastName: 'Stamp',
            phone: freshPhone(),
            status: 'active',
        });
        expect(customer.createdAt).toBe(start);
        const filter = encodeURIComponent(JSON.stringify({ collection: 'customers', recordId: String(customer.id) }));
        const entries = (await as('admin', `/auditEntries?filter=${filter}`)).body as unknown as {
            action: string;
            createdAt: string;
        }[];
        expect(entries).toEqual([expect.objectContaining({ action: 'create', createdAt: start })]);
    });
});

describe('a payment link', () => {
    // The test cards' own expiry (12/30) is past at the server's clock, in 2031.
    const card = { ...testCards.paid, expiry: '12/39' };
    const publicStatus = async (id: string) =>
        (await call(app.url, `/api/public/payment-links/${id}`)).body.status as PaymentLink['status'];

    it('lives paymentLinkTtlHours from the server’s time and is refused once its clock passes the expiry', async () => {
        app.setClock(start);
        const { paymentLinkTtlHours } = (await as('manager', '/configs/general')).body as unknown as {
            paymentLinkTtlHours: number;
        };
        const link = await created<PaymentLink>('/paymentLinks', { customerId: 21, subscriptionId: 3 });
        const expiry = Date.parse(start) + paymentLinkTtlHours * 3600_000;
        expect(link.expiresAt).toBe(new Date(expiry).toISOString());

        app.clock.now = expiry - 1000;
        expect(await publicStatus(link.id)).toBe('pending');
        expect((await as('manager', `/paymentLinks/${link.id}`)).body.status).toBe('pending');
        // Pay opens the provider's page; there a card whose month is before the clock's is expired,
        // whatever the machine's calendar says.
        const begun = await beginPayment(app.url, link.id);
        expect(begun.status, JSON.stringify(begun.body)).toBe(200);
        expect(
            await call(app.url, `/api/public/test-checkout/${checkoutId(begun)}`, {
                method: 'POST',
                json: { ...card, expiry: '06/31' },
            }),
        ).toMatchObject({
            status: 400,
            body: { errors: { expiry: 'app.payment_page.errors.expired' } },
        });
        expect((await readAttempt(app.url, link.id, String(begun.body.attemptId))).body).toMatchObject({
            status: 'pending',
            attempt: { status: 'pending' },
        });

        app.clock.now = expiry;
        expect(await publicStatus(link.id)).toBe('expired');
        expect((await as('manager', `/paymentLinks/${link.id}`)).body.status).toBe('expired');
        expect(await beginPayment(app.url, link.id)).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_expired' } },
        });
        expect(await as('manager', `/paymentLinks/${link.id}/cancel`, { method: 'POST', json: {} })).toMatchObject({
            status: 409,
            body: { errors: { status: 'app.money.errors.link_expired' } },
        });
    });

    it('is paid at the server’s time of the provider’s notice while its clock is before the expiry', async () => {
        app.setClock(start);
        const link = await created<PaymentLink>('/paymentLinks', { customerId: 21, subscriptionId: 3 });
        const paidAt = new Date(Date.parse(link.expiresAt) - 60_000).toISOString();
        // Pay is pressed a few seconds of the server's clock before the card is typed and the notice comes.
        app.setClock(new Date(Date.parse(paidAt) - 10_000).toISOString());
        const begun = await beginPayment(app.url, link.id);
        expect(begun.status, JSON.stringify(begun.body)).toBe(200);
        app.setClock(paidAt);
        const paid = await payOnline(app.url, link.id, { card });
        // The same payment the payer was sent to, paid now.
        expect(paid).toMatchObject({
            status: 200,
            attemptId: begun.body.attemptId,
            body: { status: 'paid', attempt: { status: 'succeeded' } },
        });
        const stored = (await as('manager', `/paymentLinks/${link.id}`)).body as unknown as PaymentLink;
        expect(stored).toMatchObject({ status: 'paid', paidAt });
        const payment = (await as('manager', `/payments/${stored.paymentId}`)).body;
        expect(payment).toMatchObject({ paidAt, createdAt: paidAt, method: 'online' });
        // The pass sold starts on the studio's date at the clock's time.
        const pass = (await as('manager', `/passes/${payment.passId as number}`)).body;
        expect(pass.startsOn).toBe(paidAt.slice(0, 10));
    });
});

describe('a teacher’s window', () => {
    it('opens on the class’s day and closes teacherEditDays after it, by the server’s clock', async () => {
        const day = '2031-08-20';
        app.setClock(at(`${addDays(day, -1)}T12:00`));
        const event = await created<StudioEvent>('/events', {
            courseId: 1,
            teacherId: 3,
            studioId: 3,
            startsAt: `${day}T05:10`,
            durationMinutes: 30,
            capacity: 10,
        });
        const person = await created<{ id: number }>('/customers', {
            firstName: 'Clock',
            lastName: 'Window',
            phone: freshPhone(),
            status: 'active',
        });
        const roster = async () => (await as('teacher', `/events/${event.id}/roster`)).body;
        const mark = () =>
            as('teacher', '/attendances', {
                method: 'POST',
                json: { eventId: event.id, customerId: person.id, status: 'attended' },
            });

        // The day before: a class of a later day, not started.
        expect(await roster()).toMatchObject({
            marking: { future: true, locked: false },
            closing: { canClose: false, refusal: 'not_started' },
        });
        expect((await mark()).body.errors).toEqual({ eventId: 'app.validation.event_future' });

        // Its day, after it started: the teacher marks, and may close it.
        app.setClock(at(`${day}T12:00`));
        expect(await roster()).toMatchObject({
            marking: { future: false, locked: false },
            closing: { canClose: true },
        });
        const marked = await mark();
        expect(marked.status).toBe(201);
        const change = () =>
            as('teacher', `/attendances/${marked.body.id as number}`, { method: 'PUT', json: { status: 'attended' } });

        // The last day of the window, just before midnight in the studio: still the teacher's.
        app.setClock(at(`${addDays(day, 2)}T23:59`));
        expect((await roster()).marking).toMatchObject({ locked: false, lastTeacherDay: addDays(day, 2) });
        expect((await change()).status).toBe(200);

        // A minute later the window has closed: the teacher is refused, a manager is not.
        app.setClock(at(`${addDays(day, 3)}T00:00`));
        expect((await roster()).marking).toMatchObject({ locked: true });
        const refused = await change();
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
            errors: { eventId: 'app.validation.teacher_window' },
            lastTeacherDay: addDays(day, 2),
        });
        expect(
            (
                await as('manager', `/attendances/${marked.body.id as number}`, {
                    method: 'PUT',
                    json: { status: 'attended' },
                })
            ).status,
        ).toBe(200);
    });
});

describe('a sign-in', () => {
    it('is issued at the server’s time and ends when its clock passes the token’s expiry', async () => {
        app.setClock(start);
        const token = await login(app.url, 'manager');
        const { iat, exp } = tokenPayload(token) as { iat: number; exp: number };
        expect(iat).toBe(Date.parse(start) / 1000);
        expect(exp - iat).toBe(3600);
        const me = () => call(app.url, '/api/auth/me', { token });
        expect((await me()).status).toBe(200);
        app.clock.now = exp * 1000 - 1000;
        expect((await me()).status).toBe(200);
        app.clock.now = exp * 1000;
        const expired = await me();
        expect(expired.status).toBe(401);
        expect(expired.body).toMatchObject({ reason: 'expired' });
    });
});
