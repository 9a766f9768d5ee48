// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addMinutes } from '../../src/domain/closing';
import { localDateTimeAt } from '../../src/domain/time';
import { App } from '../../src/portal/App';

/*
 * The portal and a class that has started, on a fake API of this file: My bookings and the classes offer
 * no Cancel for it (it says the class has started), and a cancel the server refuses as `started` (the
 * page was opened before the start) says why, in English and in Russian, and offers no second try.
 * Times are set around the machine's clock, in UTC as the studio here keeps them.
 */

/** The studio's wall clock `minutes` from now. */
const fromNow = (minutes: number) => addMinutes(localDateTimeAt(new Date(), 'UTC'), minutes);
const setup = { studioName: 'Pulse', defaultLocale: 'en', currency: 'EUR', timezone: 'UTC', telegramBot: '' };
const me = {
    customer: {
        id: 1,
        firstName: 'Anna',
        lastName: 'Petrova',
        phone: '+79001234567',
        email: 'anna@example.com',
        locale: null,
        notify: null,
        telegramLinked: false,
        status: 'active',
        guardianId: null,
        balanceDue: 0,
    },
    wards: [],
    calendarUrl: 'https://x/c.ics',
};
const classOf = (eventId: number, startsIn: number) => ({
    startsAt: fromNow(startsIn),
    endsAt: fromNow(startsIn + 60),
    durationMinutes: 60,
    title: `Class ${eventId}`,
    directionId: 1,
    directionName: 'Yoga',
    teacherId: 3,
    teacherName: 'Olga',
    studioId: 1,
    hallName: 'Big hall',
});
const booking = (id: number, eventId: number, startsIn: number) => ({
    id,
    eventId,
    customerId: 1,
    status: 'booked',
    position: null,
    late: false,
    lateCancelFrom: fromNow(startsIn - 12 * 60),
    lateNow: true,
    lateCancelCost: null,
    makeUp: false,
    class: classOf(eventId, startsIn),
});

let routes: Record<string, () => [number, unknown]>;

beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('portal.token', 'token');
    routes = {
        'GET /auth/setup': () => [200, setup],
        'GET /me': () => [200, me],
        'GET /classes': () => [200, { classes: [], directions: [], teachers: [], halls: [] }],
    };
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string, init: RequestInit = {}) => {
            const url = new URL(input, 'http://localhost');
            const route = routes[`${init.method ?? 'GET'} ${url.pathname.replace('/api/portal', '')}`];
            const [status, body] = route ? route() : [404, { message: 'no route' }];
            return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
        }),
    );
});

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
});

const openBookings = (locale: 'en' | 'ru') => {
    routes['GET /me'] = () => [200, { ...me, customer: { ...me.customer, locale } }];
    window.history.replaceState(null, '', '/my/bookings');
    render(<App />);
};

describe('a booking of a class that has started, in the portal', () => {
    it('offers no Cancel in My bookings, and says the class has started', async () => {
        routes['GET /bookings'] = () => [200, { bookings: [booking(91, 11, -20), booking(92, 12, 120)] }];
        openBookings('en');
        const started = await screen.findByRole('article', { name: /Class 11/ });
        within(started).getByText('The class has started');
        expect(within(started).queryByRole('button', { name: 'Cancel' })).toBeNull();
        within(screen.getByRole('article', { name: /Class 12/ })).getByRole('button', { name: 'Cancel' });
    });

    it('offers no Cancel for it among the classes either', async () => {
        const place = {
            id: 11,
            ...classOf(11, -20),
            capacity: 10,
            booked: 5,
            waitlisted: 0,
            free: 5,
            booking: booking(91, 11, -20),
            lateCancelFrom: fromNow(-12 * 60),
            refusal: 'closed',
        };
        routes['GET /classes'] = () => [200, { classes: [place], directions: [], teachers: [], halls: [] }];
        window.history.replaceState(null, '', '/my');
        render(<App />);
        const card = await screen.findByRole('article', { name: /Class 11/ });
        within(card).getByText('The class has started');
        expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull();
    });

    it.each([
        [
            'en' as const,
            'Cancel',
            'Cancel the booking',
            'The class has started: the booking can no longer be cancelled.',
        ],
        ['ru' as const, 'Отменить', 'Отменить запись', 'Занятие уже началось: запись больше нельзя отменить.'],
    ])('says why the server refused the cancel (%s)', async (locale, cancel, confirm, reason) => {
        routes['GET /bookings'] = () => [200, { bookings: [booking(93, 13, 30)] }];
        routes['POST /bookings/93/cancel'] = () => [
            409,
            { message: 'The class has started', errors: { eventId: 'started' } },
        ];
        openBookings(locale);
        const card = await screen.findByRole('article', { name: /Class 13/ });
        fireEvent.click(within(card).getByRole('button', { name: cancel }));
        const dialog = await screen.findByRole('dialog');
        fireEvent.click(within(dialog).getByRole('button', { name: confirm }));
        await within(dialog).findByText(new RegExp(`^${reason}`));
        expect(within(dialog).queryByRole('button', { name: confirm })).toBeNull();
    });
});
