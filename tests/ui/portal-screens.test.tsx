// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../src/domain/time';
import { App } from '../../src/portal/App';

/*
 * The customers' portal at /my on a fake API of this file: signing in with a code (and choosing among a
 * family's adults), the sign-in link spent only by its button, classes with their seats and what one can
 * do in them, refusals in words, the late-cancel warning before the click, acting for a child, and
 * pausing a pass after a dry run. The journeys on the real server are the browser tests'.
 */

const today = new Date().toISOString().slice(0, 10);
const tomorrow = addDays(today, 1);
const setup = { studioName: 'Pulse', defaultLocale: 'en', currency: 'EUR', timezone: 'UTC', telegramBot: 'pulse_bot' };
const person = (id: number, firstName: string, fields: object = {}) => ({
    id,
    firstName,
    lastName: 'Petrova',
    phone: '+79001234567',
    email: `${firstName.toLowerCase()}@example.com`,
    locale: null,
    notify: null,
    telegramLinked: false,
    status: 'active',
    guardianId: null,
    balanceDue: 0,
    ...fields,
});
const me = {
    customer: person(1, 'Anna'),
    wards: [person(2, 'Masha', { guardianId: 1 })],
    calendarUrl: 'https://x/c.ics',
};
const place = (id: number, time: string, fields: object = {}) => ({
    id,
    startsAt: `${tomorrow}T${time}`,
    endsAt: `${tomorrow}T${time.replace(/^(\d\d)/, hour => String(Number(hour) + 1).padStart(2, '0'))}`,
    durationMinutes: 60,
    title: `Class ${id}`,
    directionId: 1,
    directionName: 'Yoga',
    teacherId: 3,
    teacherName: 'Olga',
    studioId: 1,
    hallName: 'Big hall',
    capacity: 10,
    booked: 7,
    waitlisted: 0,
    free: 3,
    booking: null,
    lateCancelFrom: `${today}T${time}`,
    refusal: null,
    ...fields,
});
const booking = (id: number, eventId: number, time: string, fields: object = {}) => ({
    id,
    eventId,
    customerId: 1,
    status: 'booked',
    position: null,
    late: false,
    lateCancelFrom: `${today}T${time}`,
    lateNow: false,
    class: {
        startsAt: `${tomorrow}T${time}`,
        endsAt: `${tomorrow}T23:00`,
        title: `Class ${eventId}`,
        teacherName: 'Olga',
        hallName: 'Big hall',
    },
    ...fields,
});

type Route = (body: Record<string, unknown>, url: URL) => [number, unknown];
let routes: Record<string, Route>;
let calls: { method: string; url: URL; body: Record<string, unknown> }[];

const answer = (status: number, body: unknown) =>
    new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
    });

beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/my');
    calls = [];
    routes = {
        'GET /auth/setup': () => [200, setup],
        'GET /me': () => [200, me],
        'GET /classes': () => [200, { classes: [], directions: [], teachers: [], halls: [] }],
    };
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string, init: RequestInit = {}) => {
            const url = new URL(input, 'http://localhost');
            const method = init.method ?? 'GET';
            const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
            calls.push({ method, url, body });
            const route = routes[`${method} ${url.pathname.replace('/api/portal', '')}`];
            return route ? answer(...route(body, url)) : answer(404, { message: 'no route' });
        }),
    );
});

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
});

const called = (method: string, path: string) =>
    calls.filter(call => call.method === method && call.url.pathname === `/api/portal${path}`);

const signedIn = () => localStorage.setItem('portal.token', 'token');

describe('signing in to the portal', () => {
    it('sends a code, takes six digits from the keypad or the message, and opens the classes', async () => {
        routes['POST /auth/code'] = () => [202, { sent: true }];
        routes['POST /auth/verify'] = body =>
            body.code === '123456' ? [200, { token: 'token', customer: me.customer }] : [400, {}];
        render(<App />);
        fireEvent.change(await screen.findByLabelText(/E-mail or phone/), { target: { value: 'anna@example.com' } });
        fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
        const code = await screen.findByLabelText(/Code from the message/);
        expect(code.getAttribute('autocomplete')).toBe('one-time-code');
        expect(code.getAttribute('inputmode')).toBe('numeric');
        expect(screen.getByRole('link', { name: 'Open Telegram' }).getAttribute('href')).toBe('https://t.me/pulse_bot');
        fireEvent.change(code, { target: { value: '12 34 56' } });
        await screen.findByRole('heading', { level: 1, name: 'Classes' });
        expect(called('POST', '/auth/verify')[0].body).toEqual({ login: 'anna@example.com', code: '123456' });
        expect(localStorage.getItem('portal.token')).toBe('token');
    });

    it('says a wrong code and the wait the server asks for', async () => {
        routes['POST /auth/code'] = () => [202, { sent: true }];
        routes['POST /auth/verify'] = () => [400, { errors: { code: 'app.portal.wrong_code' } }];
        render(<App />);
        fireEvent.change(await screen.findByLabelText(/E-mail or phone/), { target: { value: '+7 900 123' } });
        fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
        fireEvent.change(await screen.findByLabelText(/Code from the message/), { target: { value: '000000' } });
        await screen.findByText('The code is wrong or has expired');
        routes['POST /auth/code'] = () => [429, { retryAfter: 42 }];
        fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
        await screen.findByText('Too many tries. Try again in 42 seconds.');
        expect(screen.getByRole('button', { name: /Send again in 0:4\d/ })).toHaveProperty('disabled', true);
    });

    it('asks which of a family sharing the phone signs in, and signs that one in with the same code', async () => {
        routes['POST /auth/code'] = () => [202, { sent: true }];
        routes['POST /auth/verify'] = body =>
            body.customerId
                ? [200, { token: 'token', customer: me.customer }]
                : [
                      200,
                      {
                          choose: [
                              { id: 1, firstName: 'Anna', lastName: 'Petrova' },
                              { id: 5, firstName: 'Ivan', lastName: 'Petrov' },
                          ],
                      },
                  ];
        render(<App />);
        fireEvent.change(await screen.findByLabelText(/E-mail or phone/), { target: { value: '+79001234567' } });
        fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
        fireEvent.change(await screen.findByLabelText(/Code from the message/), { target: { value: '654321' } });
        fireEvent.click(await screen.findByRole('button', { name: 'Ivan Petrov' }));
        await screen.findByRole('heading', { level: 1, name: 'Classes' });
        expect(called('POST', '/auth/verify')[1].body).toEqual({
            login: '+79001234567',
            code: '654321',
            customerId: 5,
        });
    });

    it('forgets a token that no longer works and opens the sign-in page', async () => {
        signedIn();
        routes['GET /me'] = () => [401, { message: 'Sign in again' }];
        render(<App />);
        await screen.findByLabelText(/E-mail or phone/);
        expect(localStorage.getItem('portal.token')).toBeNull();
    });

    it('spends a sign-in link only when its button is pressed', async () => {
        window.history.replaceState(null, '', '/my/link/abc-123');
        routes['POST /auth/link'] = body =>
            body.token === 'abc-123' ? [200, { token: 'token', customer: me.customer }] : [404, {}];
        render(<App />);
        const button = await screen.findByRole('button', { name: 'Sign in' });
        expect(called('POST', '/auth/link')).toEqual([]);
        fireEvent.click(button);
        await screen.findByRole('heading', { level: 1, name: 'Classes' });
        expect(window.location.pathname).toBe('/my');
    });
});

describe('the classes', () => {
    beforeEach(signedIn);

    it('shows the seats, books, and says a refusal in words with the way out', async () => {
        routes['GET /classes'] = () => [
            200,
            {
                classes: [
                    place(11, '10:00'),
                    place(12, '12:00', { free: 0, booked: 10, waitlisted: 2 }),
                    place(13, '18:00', { booking: booking(90, 13, '18:00', { status: 'waitlisted', position: 2 }) }),
                ],
                directions: [{ id: 1, name: 'Yoga' }],
                teachers: [{ id: 3, name: 'Olga' }],
                halls: [{ id: 1, name: 'Big hall' }],
            },
        ];
        routes['POST /bookings'] = () => [409, { errors: { eventId: 'no_pass' } }];
        render(<App />);
        const first = await screen.findByRole('article', { name: /Class 11/ });
        within(first).getByText('3 seats left');
        const full = screen.getByRole('article', { name: /Class 12/ });
        within(full).getByText('Full · 2 in line');
        within(screen.getByRole('article', { name: /Class 13/ })).getByText('In line: 2nd');
        fireEvent.click(within(first).getByRole('button', { name: 'Book' }));
        await within(first).findByText('You have no pass for this class with a visit left. Choose a plan to book.');
        fireEvent.click(within(first).getByRole('button', { name: 'Choose a plan' }));
        expect(window.location.pathname).toBe('/my/plans');
        expect(called('POST', '/bookings')[0].body).toEqual({ eventId: 11 });
    });

    it('joins the line of a full class', async () => {
        routes['GET /classes'] = () => [
            200,
            { classes: [place(12, '12:00', { free: 0, booked: 10 })], directions: [], teachers: [], halls: [] },
        ];
        routes['POST /bookings'] = () => [
            201,
            { booking: booking(91, 12, '12:00', { status: 'waitlisted', position: 1 }) },
        ];
        render(<App />);
        const full = await screen.findByRole('article', { name: /Class 12/ });
        within(full).getByText('Full');
        fireEvent.click(within(full).getByRole('button', { name: 'Join the line' }));
        await screen.findByText('You are in line: 1st');
        expect(called('POST', '/bookings')[0].body).toEqual({ eventId: 12, waitlist: true });
    });

    it('says before the click whether a cancel is late', async () => {
        const late = booking(92, 11, '10:00', { lateNow: true, lateCancelFrom: `${today}T22:00` });
        const free = booking(93, 12, '12:00', { lateCancelFrom: `${addDays(today, 7)}T00:00` });
        routes['GET /classes'] = () => [
            200,
            {
                classes: [place(11, '10:00', { booking: late }), place(12, '12:00', { booking: free })],
                directions: [],
                teachers: [],
                halls: [],
            },
        ];
        routes['POST /bookings/92/cancel'] = () => [
            200,
            { booking: { ...late, status: 'cancelled' }, late: true, penalty: null },
        ];
        render(<App />);
        const lateCard = await screen.findByRole('article', { name: /Class 11/ });
        fireEvent.click(within(lateCard).getByRole('button', { name: 'Cancel' }));
        const dialog = await screen.findByRole('dialog', { name: 'Cancel the booking?' });
        within(dialog).getByText('Cancelling now is late: less than 12 hours before the class.');
        fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

        fireEvent.click(
            within(screen.getByRole('article', { name: /Class 12/ })).getByRole('button', { name: 'Cancel' }),
        );
        within(await screen.findByRole('dialog')).getByText(/^Free to cancel until .*12:00 AM\.$/);
        fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep it' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

        fireEvent.click(within(lateCard).getByRole('button', { name: 'Cancel' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the booking' }));
        await screen.findByText('The booking is cancelled, as a late cancel');
    });

    it('says what a late cancel costs on the plan, and what the cancel made of it', async () => {
        const late = booking(94, 13, '10:00', {
            lateNow: true,
            lateCancelFrom: `${today}T22:00`,
            lateCancelCost: { action: 'fee', amount: 300 },
        });
        routes['GET /classes'] = () => [
            200,
            { classes: [place(13, '10:00', { booking: late })], directions: [], teachers: [], halls: [] },
        ];
        routes['POST /bookings/94/cancel'] = () => [
            200,
            {
                booking: { ...late, status: 'cancelled' },
                late: true,
                penalty: { status: 'pending', action: 'fee', amount: 300 },
            },
        ];
        render(<App />);
        const card = await screen.findByRole('article', { name: /Class 13/ });
        fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
        const dialog = await screen.findByRole('dialog', { name: 'Cancel the booking?' });
        within(dialog).getByText(/Under your plan it costs a fee of .*300.*; the first time in 30 days is forgiven\./);
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the booking' }));
        await screen.findByText(
            /The booking is cancelled as a late cancel: it costs a fee of .*300.* unless the studio waives it\./,
        );
    });

    it('acts for a child: every call then names them', async () => {
        render(<App />);
        await screen.findByRole('heading', { level: 1, name: 'Classes' });
        fireEvent.click(screen.getByRole('button', { name: 'Masha' }));
        await waitFor(() => expect(called('GET', '/classes').at(-1)?.url.searchParams.get('customerId')).toBe('2'));
        routes['GET /passes'] = () => [200, { passes: [] }];
        fireEvent.click(screen.getAllByRole('link', { name: 'Passes' })[0]);
        await screen.findByText('No passes yet.');
        expect(called('GET', '/passes')[0].url.searchParams.get('customerId')).toBe('2');
    });
});

describe('a pass', () => {
    beforeEach(signedIn);

    it('shows under the passes the late cancels and missed classes, what each costs and where it stands', async () => {
        window.history.replaceState(null, '', '/my/passes');
        routes['GET /passes'] = () => [200, { passes: [] }];
        routes['GET /penalties'] = () => [
            200,
            {
                penalties: [
                    {
                        id: 2,
                        kind: 'no_show',
                        action: 'fee',
                        amount: 500,
                        status: 'applied',
                        appliesAt: '2031-07-20T17:00:00.000Z',
                        paid: false,
                        class: { startsAt: '2031-07-19T19:00', title: 'Yoga' },
                    },
                    {
                        id: 1,
                        kind: 'late_cancel',
                        action: 'visit',
                        amount: null,
                        status: 'forgiven',
                        appliesAt: '2031-07-10T17:00:00.000Z',
                        paid: false,
                        class: null,
                    },
                ],
            },
        ];
        render(<App />);
        const section = await screen.findByRole('region', { name: 'Late cancels and missed classes' });
        within(section).getByText('Missed class');
        within(section).getByText('Charged');
        within(section).getByText(/^Costs a fee of .*500.*: pay it here or at the studio\.$/);
        within(section).getByText('Forgiven');
        within(section).getByText('Costs nothing.');
        // The fee owed is paid online through a payment link made for it; the forgiven one has nothing to pay.
        routes['POST /pay'] = () => [201, { url: '#paying-the-fee', linkId: 'abc' }];
        const buttons = within(section).getAllByRole('button', { name: 'Pay' });
        expect(buttons).toHaveLength(1);
        fireEvent.click(buttons[0]);
        await waitFor(() => expect(called('POST', '/pay')[0]?.body).toEqual({ penaltyId: 2 }));
    });

    it('pauses after showing what the pause does, then shows its new end', async () => {
        window.history.replaceState(null, '', '/my/passes');
        const pass = {
            id: 7,
            name: 'Yoga 8',
            visitsTotal: 8,
            visitsUsed: 3,
            visitsLeft: 5,
            startsOn: addDays(today, -10),
            endsOn: '2099-06-20',
            frozenFrom: null,
            frozenTo: null,
            freezeDays: 14,
            freezeDaysLeft: 14,
            state: 'active',
            canFreeze: true,
            canUnfreeze: false,
            balanceDue: 0,
        };
        const paused = {
            ...pass,
            endsOn: '2099-06-30',
            frozenFrom: tomorrow,
            frozenTo: addDays(tomorrow, 9),
            canFreeze: false,
            canUnfreeze: true,
            freezeDaysLeft: 0,
        };
        let frozen = false;
        routes['GET /passes'] = () => [200, { passes: [frozen ? paused : pass] }];
        routes['POST /passes/7/freeze'] = body => {
            frozen = !body.dryRun;
            return [200, { pass: paused, cancelled: [booking(94, 11, '10:00')] }];
        };
        render(<App />);
        const card = await screen.findByRole('article', { name: 'Yoga 8' });
        within(card).getByText('Visits left: 5 of 8');
        fireEvent.click(within(card).getByRole('button', { name: 'Pause' }));
        const dialog = await screen.findByRole('dialog', { name: 'Pause Yoga 8' });
        expect(within(dialog).getByLabelText('From')).toHaveProperty('value', tomorrow);
        fireEvent.change(within(dialog).getByLabelText('Until'), { target: { value: addDays(tomorrow, 9) } });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
        await within(dialog).findByText('The pass will end on June 30, 2099 instead of June 20, 2099.');
        within(dialog).getByText('These bookings will be cancelled:');
        within(dialog).getByText('Class 11');
        expect(called('POST', '/passes/7/freeze')[0].body).toEqual({
            from: tomorrow,
            to: addDays(tomorrow, 9),
            dryRun: true,
        });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Pause the pass' }));
        await screen.findByText('The pass is paused. It now ends on June 30, 2099.');
        expect(called('POST', '/passes/7/freeze')[1].body).toEqual({ from: tomorrow, to: addDays(tomorrow, 9) });
        await within(await screen.findByRole('article', { name: 'Yoga 8' })).findByRole('button', { name: 'Resume' });
    });
});

describe('in Russian', () => {
    beforeEach(signedIn);

    it('opens in the language on the customer’s card and counts in Russian', async () => {
        routes['GET /me'] = () => [200, { ...me, customer: { ...me.customer, locale: 'ru' } }];
        routes['GET /classes'] = () => [
            200,
            { classes: [place(11, '10:00', { free: 2 })], directions: [], teachers: [], halls: [] },
        ];
        routes['POST /bookings'] = () => [409, { errors: { eventId: 'overlap' } }];
        render(<App />);
        const card = await screen.findByRole('article', { name: /Class 11/ });
        within(card).getByText('Осталось 2 места');
        fireEvent.click(within(card).getByRole('button', { name: 'Записаться' }));
        await within(card).findByText('В это же время у вас другое занятие.');
        expect(document.documentElement.lang).toBe('ru');
        await act(async () => {
            fireEvent.click(screen.getByRole('button', { name: 'Язык' }));
        });
        routes['PUT /me'] = body => [200, { customer: { ...me.customer, locale: body.locale } }];
        fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
        await screen.findByRole('heading', { level: 1, name: 'Classes' });
        expect(called('PUT', '/me')[0].body).toEqual({ locale: 'en' });
    });
});
