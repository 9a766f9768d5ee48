// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
    AdminContext,
    memoryStore,
    RecordContextProvider,
    ResourceContextProvider,
    testDataProvider,
    type AuthProvider,
    type DataProvider,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { formatShortDate } from '../../src/app/i18n/dates';
import { canAccess } from '../../src/domain/permissions';
import { addDays } from '../../src/domain/time';
import type { Booking, Config, Direction, MakeUp, Role, StudioEvent } from '../../src/domain/types';
import { App } from '../../src/portal/App';
import { eventLabel } from '../../src/resources/common/eventLabel';
import { CustomerBookings } from '../../src/resources/customers/CustomerBookings';
import { CustomerMakeUps } from '../../src/resources/customers/CustomerMakeUps';
import { anna, i18n, type Locale } from '../support/forms';

/*
 * Make-up credits on the screens: the customer's card lists them with where each stands, the direction
 * and by when an open one books a class, the class missed and the class booked; a seat a credit pays
 * says so instead of a pass. In the portal, the credits under the passes, the "Make-up" label of a
 * booking they pay, and the cancel dialog warning that a late cancel loses the credit.
 */

afterEach(cleanup);

// The studio's today, in UTC as the config below says: open and expired credits are told apart by it.
const today = new Date().toISOString().slice(0, 10);

describe("the customer's card", () => {
    const config = { id: 'general', currency: 'RUB', timezone: 'UTC', lateCancelHours: 12 } as Config;
    const yoga = { id: 4, name: 'Yoga' } as Direction;
    const stretching = { id: 5, name: 'Stretching' } as Direction;
    const missed = { id: 7, title: 'Evening', startsAt: '2026-11-20T19:00' } as StudioEvent;
    const bookedClass = { id: 8, title: 'Morning', startsAt: `${addDays(today, 3)}T09:00` } as StudioEvent;
    const usedClass = { id: 9, title: 'Noon', startsAt: '2026-11-25T12:00' } as StudioEvent;
    const seat = (id: number, eventId: number, fields: Partial<Booking> = {}) =>
        ({ id, eventId, customerId: anna.id, status: 'booked', attendanceId: null, makeUpId: 1, ...fields }) as Booking;
    const bookings = [seat(31, bookedClass.id), seat(32, usedClass.id, { attendanceId: 55 })];
    const credit = (id: number, fields: Partial<MakeUp> = {}): MakeUp => ({
        id,
        createdAt: '2026-11-20T20:00:00.000Z',
        customerId: anna.id,
        attendanceId: 50 + id,
        eventId: missed.id,
        directionId: yoga.id,
        expiresOn: addDays(today, 10),
        usedBookingId: null,
        lostAt: null,
        ...fields,
    });
    const credits = [
        credit(5, { directionId: stretching.id }),
        credit(4, { usedBookingId: 31 }),
        credit(3, { usedBookingId: 32 }),
        credit(2, { lostAt: '2026-11-26T10:00:00.000Z' }),
        credit(1, { expiresOn: addDays(today, -2) }),
    ];
    const records: Record<string, { id: unknown; name?: string }[]> = {
        bookings,
        events: [missed, bookedClass, usedClass],
        'settings/directions': [yoga, stretching],
        passes: [{ id: 9, name: '8 classes' }],
    };

    const authAs = (role: Role): AuthProvider => ({
        login: async () => undefined,
        logout: async () => undefined,
        checkAuth: async () => undefined,
        checkError: async () => undefined,
        getPermissions: async () => role,
        canAccess: async ({ resource, action }) =>
            canAccess(role, { resource: resource.replace(/^settings\//, ''), action }),
    });

    const provider = (getManyReference: DataProvider['getManyReference']) =>
        testDataProvider({
            getOne: (async () => ({ data: config })) as never,
            getList: (async () => ({ data: [], total: 0 })) as never,
            getMany: (async (resource: string, { ids }: { ids: unknown[] }) => ({
                data: (records[resource] ?? []).filter(record => ids.includes(record.id)),
            })) as never,
            getManyReference,
        });

    const renderCard = (ui: ReactNode, getManyReference: DataProvider['getManyReference'], locale: Locale = 'en') =>
        render(
            <MemoryRouter>
                <AdminContext
                    dataProvider={provider(getManyReference)}
                    authProvider={authAs('manager')}
                    i18nProvider={i18n(locale)}
                    store={memoryStore()}
                >
                    <ResourceContextProvider value="customers">
                        <RecordContextProvider value={anna}>{ui}</RecordContextProvider>
                    </ResourceContextProvider>
                </AdminContext>
            </MemoryRouter>,
        );

    const rowOf = (chip: HTMLElement) => within(chip.closest('tr') as HTMLElement);

    it('lists the credits in every state: by when an open one books, the class missed, the class booked', async () => {
        const getManyReference = vi.fn(async () => ({ data: credits, total: credits.length }));
        renderCard(<CustomerMakeUps />, getManyReference as never);
        const section = within(await screen.findByRole('region', { name: 'Make-ups' }));
        const open = rowOf(await section.findByText('To book'));
        await open.findByText(`a class of Stretching by ${formatShortDate(addDays(today, 10), 'en')}`);
        await open.findByText('for the class of 11/20/2026');

        const booked = rowOf(await section.findByText('Booked'));
        await booked.findByText('Yoga');
        expect((await booked.findByText(eventLabel(bookedClass, 'en'))).closest('a')?.getAttribute('href')).toMatch(
            /\/events\/8$/,
        );
        const used = rowOf(section.getByText('Used'));
        await used.findByText(eventLabel(usedClass, 'en'));
        const lost = rowOf(section.getByText('Lost'));
        lost.getByText('Yoga');
        // Past its day and never booked: neither "by when" nor a class.
        const expired = rowOf(section.getByText('Expired'));
        expired.getByText('Yoga');
        expect(expired.queryByText(/a class of/)).toBeNull();
        expect(getManyReference).toHaveBeenCalledWith(
            'makeUps',
            expect.objectContaining({ target: 'customerId', id: anna.id, sort: { field: 'id', order: 'DESC' } }),
        );
    });

    it('reads in Russian, and says when there are none', async () => {
        const getManyReference = vi.fn(async () => ({ data: credits.slice(0, 2), total: 2 }));
        renderCard(<CustomerMakeUps />, getManyReference as never, 'ru');
        const section = within(await screen.findByRole('region', { name: 'Отработки' }));
        const open = rowOf(await section.findByText('Можно записаться'));
        await open.findByText(`занятие «Stretching» до ${formatShortDate(addDays(today, 10), 'ru')}`);
        await open.findByText('за занятие 20.11.2026');
        await section.findByText('Записан');
        section.getByText('Состояние');
        cleanup();

        renderCard(<CustomerMakeUps />, (async () => ({ data: [], total: 0 })) as never);
        await within(await screen.findByRole('region', { name: 'Make-ups' })).findByText('No make-ups');
    });

    it('says a seat is paid by a make-up where a pass would be', async () => {
        const seats = [seat(31, bookedClass.id), { ...seat(30, usedClass.id), makeUpId: null, passId: 9 }];
        renderCard(<CustomerBookings />, (async () => ({ data: seats, total: 2 })) as never);
        const section = within(await screen.findByRole('region', { name: 'Upcoming bookings' }));
        const paid = await section.findByText('Paid by a make-up');
        // The other seat, paid by a pass, names it.
        const rows = section.getAllByRole('row');
        expect(rows.filter(row => row.textContent?.includes('Paid by a make-up'))).toHaveLength(1);
        await section.findByText('8 classes');
        expect(paid.closest('tr')?.textContent).not.toContain('8 classes');
    });
});

describe('the portal', () => {
    const tomorrow = addDays(today, 1);
    const setup = { studioName: 'Pulse', defaultLocale: 'en', currency: 'EUR', timezone: 'UTC', telegramBot: null };
    const customer = (locale: Locale | null) => ({
        id: 1,
        firstName: 'Anna',
        lastName: 'Petrova',
        phone: '+79001234567',
        email: 'anna@example.com',
        locale,
        notify: null,
        telegramLinked: false,
        status: 'active',
        guardianId: null,
        balanceDue: 0,
    });
    const makeUps = [
        {
            id: 3,
            direction: 'Yoga',
            expiresOn: '2099-01-20',
            state: 'open',
            missedOn: '2098-12-21',
            bookedFor: null,
        },
        {
            id: 2,
            direction: 'Stretching',
            expiresOn: '2099-01-10',
            state: 'booked',
            missedOn: '2098-12-11',
            bookedFor: '2099-01-05T18:00',
        },
        {
            id: 1,
            direction: 'Yoga',
            expiresOn: '2098-12-30',
            state: 'lost',
            missedOn: '2098-11-30',
            bookedFor: '2098-12-20T10:00',
        },
    ];
    const seat = (fields: object = {}) => ({
        id: 92,
        eventId: 11,
        customerId: 1,
        status: 'booked',
        position: null,
        late: false,
        lateCancelFrom: `${today}T00:00`,
        lateNow: true,
        lateCancelCost: { action: 'visit', amount: null },
        makeUp: true,
        class: {
            startsAt: `${tomorrow}T10:00`,
            endsAt: `${tomorrow}T11:00`,
            title: 'Yoga',
            teacherName: 'Olga',
            hallName: 'Big hall',
        },
        ...fields,
    });

    type Route = (body: Record<string, unknown>) => [number, unknown];
    let routes: Record<string, Route>;
    let cancels: number;

    const answer = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

    const openAt = (path: string, locale: Locale | null = null) => {
        routes['GET /me'] = () => [200, { customer: customer(locale), wards: [], calendarUrl: 'https://x/c.ics' }];
        window.history.replaceState(null, '', `/my${path}`);
        render(<App />);
    };

    beforeEach(() => {
        localStorage.clear();
        localStorage.setItem('portal.token', 'token');
        cancels = 0;
        routes = {
            'GET /auth/setup': () => [200, setup],
            'GET /penalties': () => [200, { penalties: [] }],
            'GET /passes': () => [200, { passes: [], makeUps }],
            'GET /bookings': () => [200, { bookings: [seat()] }],
            'POST /bookings/92/cancel': () => {
                cancels += 1;
                return [200, { booking: seat({ status: 'cancelled' }), late: true, penalty: null }];
            },
        };
        vi.stubGlobal(
            'fetch',
            vi.fn(async (input: string, init: RequestInit = {}) => {
                const url = new URL(input, 'http://localhost');
                const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
                const route = routes[`${init.method ?? 'GET'} ${url.pathname.replace('/api/portal', '')}`];
                return route ? answer(...route(body)) : answer(404, { message: 'no route' });
            }),
        );
    });

    afterEach(() => vi.unstubAllGlobals());

    it('lists the make-ups under the passes: what each books by when, or the class it booked', async () => {
        openAt('/passes');
        const section = within(await screen.findByRole('region', { name: 'Make-ups' }));
        section.getByText('To book');
        section.getByText('Book a class of Yoga by January 20, 2099.');
        section.getByText('For the class missed on December 21, 2098');
        section.getByText('Booked');
        section.getByText('Booked for Mon, Jan 5, 6:00 PM.');
        section.getByText('Lost');
        section.getByText('Lost: the class of Sat, Dec 20, 10:00 AM was cancelled late or missed.');
        // Those still to book first, as the server orders them.
        expect(section.getAllByText(/^(To book|Booked|Lost)$/).map(chip => chip.textContent)).toEqual([
            'To book',
            'Booked',
            'Lost',
        ]);
    });

    it('shows nothing of make-ups to a customer without any', async () => {
        routes['GET /passes'] = () => [200, { passes: [] }];
        openAt('/passes');
        await screen.findByText('No passes yet.');
        expect(screen.queryByRole('region', { name: 'Make-ups' })).toBeNull();
    });

    it('labels a booking a make-up pays, and warns that a late cancel loses the make-up', async () => {
        openAt('/bookings');
        const card = await screen.findByRole('article', { name: /^Yoga,/ });
        within(card).getByText('Make-up');
        fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
        const dialog = within(await screen.findByRole('dialog', { name: 'Cancel the booking?' }));
        dialog.getByText(
            /^Cancelling now is late: less than \d+ hours? before the class\. This class is paid by a make-up: cancelling late loses it\.$/,
        );
        // The plan's cost does not apply to a seat the make-up pays.
        expect(dialog.queryByText(/Under your plan/)).toBeNull();
        fireEvent.click(dialog.getByRole('button', { name: 'Cancel the booking' }));
        await screen.findByText('The booking is cancelled late: the make-up is lost.');
        expect(cancels).toBe(1);
    });

    it('says so in Russian', async () => {
        openAt('/passes', 'ru');
        const section = within(await screen.findByRole('region', { name: 'Отработки' }));
        section.getByText('Можно записаться');
        section.getByText('Запишитесь на занятие «Yoga» до 20 января 2099 г.');
        section.getByText('Сгорела');
        cleanup();

        openAt('/bookings', 'ru');
        const card = await screen.findByRole('article', { name: /^Yoga,/ });
        within(card).getByText('Отработка');
        fireEvent.click(within(card).getByRole('button', { name: 'Отменить' }));
        const dialog = within(await screen.findByRole('dialog'));
        dialog.getByText(/Занятие оплачено отработкой: при поздней отмене она сгорит\.$/);
        await waitFor(() => expect(dialog.queryByText(/По правилам абонемента/)).toBeNull());
    });
});
