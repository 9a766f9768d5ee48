// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../src/domain/time';
import { App } from '../../src/portal/App';

/*
 * What a customer met walking through /my on a phone, in English and in Russian, on a fake API of this
 * file: a class card naming the direction beside the course, the cancel saying whether the one forgiven
 * late cancel of 30 days is used, the phone on the profile grouped as the desk shows it, and the
 * consent of the sign-up form opening its text.
 */

const today = new Date().toISOString().slice(0, 10);
const tomorrow = addDays(today, 1);
const setup = { studioName: 'Pulse', defaultLocale: 'en', currency: 'EUR', timezone: 'UTC', telegramBot: null };
const customer = (locale: 'en' | 'ru') => ({
    id: 1,
    firstName: 'Anna',
    lastName: 'Petrova',
    phone: '+79167001234',
    email: 'anna@example.com',
    locale,
    notify: null,
    telegramLinked: false,
    status: 'active',
    guardianId: null,
    balanceDue: 0,
});
const classOf = {
    startsAt: `${tomorrow}T10:00`,
    endsAt: `${tomorrow}T11:00`,
    title: 'Garden hatha',
    directionName: 'Walk yoga',
    teacherName: 'Olga',
    hallName: 'Big hall',
};
const seat = (lateForgiven: boolean) => ({
    id: 90,
    eventId: 12,
    customerId: 1,
    status: 'booked',
    position: null,
    late: false,
    lateCancelFrom: `${today}T22:00`,
    lateNow: true,
    lateCancelCost: { action: 'visit', amount: null },
    lateForgiven,
    class: classOf,
});
const place = (booking: unknown = null) => ({
    id: 12,
    ...classOf,
    durationMinutes: 60,
    directionId: 1,
    teacherId: 3,
    studioId: 1,
    capacity: 10,
    booked: 3,
    waitlisted: 0,
    free: 7,
    booking,
    lateCancelFrom: `${today}T22:00`,
    refusal: null,
});

type Route = () => [number, unknown];
let routes: Record<string, Route>;

const withLocale = (locale: 'en' | 'ru') => {
    routes['GET /me'] = () => [200, { customer: customer(locale), wards: [], calendarUrl: 'https://x/c.ics' }];
};

beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/my');
    routes = {
        'GET /auth/setup': () => [200, setup],
        'GET /classes': () => [200, { classes: [place()], directions: [], teachers: [], halls: [] }],
    };
    withLocale('en');
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

const signedIn = () => localStorage.setItem('portal.token', 'token');

describe('a class card in /my', () => {
    beforeEach(signedIn);

    it('names the course with its direction, and the time', async () => {
        render(<App />);
        const card = await screen.findByRole('article', { name: /Garden hatha/ });
        within(card).getByRole('heading', { name: 'Garden hatha' });
        within(card).getByText('Walk yoga');
        within(card).getByText(/10:00/);
    });

    it('names the direction in my bookings too', async () => {
        routes['GET /bookings'] = () => [200, { bookings: [seat(true)] }];
        window.history.replaceState(null, '', '/my/bookings');
        render(<App />);
        const card = await screen.findByRole('article', { name: /Garden hatha/ });
        within(card).getByText('Walk yoga');
    });
});

describe('the cancel of a seat whose plan charges a late cancel', () => {
    beforeEach(signedIn);

    const dialogOf = async (lateForgiven: boolean, cancel = 'Cancel') => {
        routes['GET /classes'] = () => [
            200,
            { classes: [place(seat(lateForgiven))], directions: [], teachers: [], halls: [] },
        ];
        render(<App />);
        const card = await screen.findByRole('article', { name: /Garden hatha/ });
        fireEvent.click(within(card).getByRole('button', { name: cancel }));
        return screen.findByRole('dialog');
    };

    it('says the penalty applies when the forgiven one of 30 days is used', async () => {
        const dialog = await dialogOf(false);
        within(dialog).getByText(/it costs the visit: the one late cancel forgiven in 30 days is used/);
        expect(within(dialog).queryByText(/is forgiven\./)).toBeNull();
    });

    it('says this one is forgiven while it is the first in 30 days', async () => {
        const dialog = await dialogOf(true);
        within(dialog).getByText(/this one is forgiven, the first in 30 days; the next one counts/);
    });

    it('says so in Russian', async () => {
        withLocale('ru');
        const used = await dialogOf(false, 'Отменить');
        within(used).getByText(/раз в 30 дней поздняя отмена уже использована/);
        cleanup();
        const first = await dialogOf(true, 'Отменить');
        within(first).getByText(/эта отмена прощается: первая за 30 дней/);
    });
});

describe('the profile', () => {
    beforeEach(signedIn);

    it('shows the phone grouped as the desk does', async () => {
        window.history.replaceState(null, '', '/my/profile');
        render(<App />);
        await screen.findByText(/\+7 916 700-12-34/);
        expect(screen.queryByText(/\+79167001234/)).toBeNull();
    });
});

describe('the consent of the sign-up form', () => {
    it('opens the text of the personal-data consent', async () => {
        window.history.replaceState(null, '', '/my/join');
        render(<App />);
        fireEvent.click(await screen.findByRole('button', { name: 'the processing of my personal data' }));
        const dialog = await screen.findByRole('dialog', { name: 'Consent to the processing of personal data' });
        within(dialog).getByText(/Pulse/);
        fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
        await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('opens it in Russian', async () => {
        localStorage.setItem('portal.locale', 'ru');
        routes['GET /auth/setup'] = () => [200, { ...setup, defaultLocale: 'ru' }];
        window.history.replaceState(null, '', '/my/join');
        render(<App />);
        fireEvent.click(await screen.findByRole('button', { name: 'обработку моих персональных данных' }));
        const dialog = await screen.findByRole('dialog', { name: 'Согласие на обработку персональных данных' });
        within(dialog).getByText(/Pulse/);
    });
});
