// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, memoryStore, testDataProvider, type AuthProvider, type Store } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDayHeading } from '../../src/app/i18n/dates';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import type { DashboardData } from '../../src/domain/api';
import { canAccess, type Role } from '../../src/domain/roles';
import { addDays, studioToday } from '../../src/domain/time';
import type { StudioEvent } from '../../src/domain/types';
import { Dashboard } from '../../src/pages/dashboard/Dashboard';

/*
 * A teacher's week ahead on their first page: the classes of the seven days after today, day by day,
 * each with its room and seats, opening its roster; "Week view" opens the classes in the week view.
 * Dates are the studio's today (Moscow) plus days, as the screen computes them.
 */

afterEach(cleanup);

const today = studioToday('Europe/Moscow', new Date());
const tomorrow = addDays(today, 1);
const inThreeDays = addDays(today, 3);

const day: DashboardData = { today, todayEvents: [], withoutMarks: { count: 0, classes: [] } };

const event = (fields: Partial<StudioEvent> & { booked?: number }): StudioEvent =>
    ({
        id: 1,
        createdAt: '2026-11-01T00:00:00.000Z',
        scheduleId: 4,
        title: null,
        courseId: 1,
        teacherId: 3,
        studioId: 2,
        startsAt: `${tomorrow}T18:00`,
        durationMinutes: 60,
        capacity: 12,
        bookable: true,
        status: 'planned',
        notes: null,
        booked: 3,
        waitlisted: 0,
        ...fields,
    }) as StudioEvent;

const week = [
    event({ id: 41 }),
    event({ id: 42, startsAt: `${tomorrow}T20:00`, courseId: 2, title: 'Open class', capacity: 4, booked: 4 }),
    event({ id: 43, startsAt: `${inThreeDays}T09:00`, courseId: 2, title: 'Morning', status: 'cancelled', booked: 0 }),
];

const renderFirstPage = ({
    role = 'teacher',
    locale = 'en',
    events = week,
    store = memoryStore(),
}: { role?: Role; locale?: 'en' | 'ru'; events?: StudioEvent[]; store?: Store } = {}) => {
    const getList = vi.fn(async (resource: string) =>
        resource === 'events' ? { data: events, total: events.length } : { data: [], total: 0 },
    );
    const authProvider: AuthProvider = {
        login: async () => undefined,
        logout: async () => undefined,
        checkAuth: async () => undefined,
        checkError: async () => undefined,
        getIdentity: async () => ({ id: 3, fullName: 'Anna Petrova', role }),
        getPermissions: async () => role,
        canAccess: async ({ resource, action }) => canAccess(role, { resource, action }),
    };
    render(
        <MemoryRouter initialEntries={['/']}>
            <AdminContext
                dataProvider={testDataProvider({
                    getOne: async () => ({
                        data: { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow' } as never,
                    }),
                    getList,
                    getMany: async (resource: string) => ({
                        data:
                            resource === 'settings/courses'
                                ? [
                                      { id: 1, name: 'Hatha' },
                                      { id: 2, name: 'Vinyasa' },
                                  ]
                                : resource === 'settings/studios'
                                  ? [{ id: 2, name: 'Small hall' }]
                                  : [],
                    }),
                    getDashboard: async () => day,
                } as never)}
                authProvider={authProvider}
                i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                store={store}
            >
                <Routes>
                    <Route path="/" element={<Dashboard />} />
                    <Route path="/events" element={<p>The classes</p>} />
                </Routes>
            </AdminContext>
        </MemoryRouter>,
    );
    return { getList };
};

describe("a teacher's week ahead", () => {
    it('heads each day by its weekday and date, without the year, the weekday capitalised', () => {
        expect(formatDayHeading('2026-12-01', 'en')).toBe('Tuesday, December 1');
        expect(formatDayHeading('2026-12-01', 'ru')).toBe('Вторник, 1 декабря');
    });

    it('asks for the seven days after today, soonest first', async () => {
        const { getList } = renderFirstPage();
        await screen.findByText('Your week ahead');
        const asked = getList.mock.calls.find(([resource]) => resource === 'events') as unknown as [
            string,
            { filter: Record<string, string>; sort: { field: string; order: string } },
        ];
        expect(asked[1].filter).toEqual({ startsAt_gte: tomorrow, startsAt_lte: `${addDays(today, 7)}T23:59` });
        expect(asked[1].sort).toEqual({ field: 'startsAt', order: 'ASC' });
    });

    it('lists the classes day by day with the room and seats, each opening its roster', async () => {
        renderFirstPage();
        const first = await screen.findByRole('link', { name: /Hatha/ });
        expect(first.getAttribute('href')).toBe('/events/41');
        expect(first.textContent).toContain('Small hall · Booked: 3 / 12');
        const full = screen.getByRole('link', { name: /Vinyasa · Open class/ });
        expect(full.getAttribute('href')).toBe('/events/42');
        expect(within(full).getByText('Full')).toBeTruthy();
        const days = within(screen.getByTestId('week-ahead')).getAllByRole('region');
        expect(days).toHaveLength(2);
        expect(days[0].textContent).toContain(formatDayHeading(tomorrow, 'en'));
        expect(within(days[0]).getAllByRole('link')).toHaveLength(2);
        // A cancelled class is still shown, and says so.
        expect(within(days[1]).getByText('Cancelled')).toBeTruthy();
    });

    it('opens the classes in the week view', async () => {
        const store = memoryStore();
        renderFirstPage({ store });
        fireEvent.click(await screen.findByRole('button', { name: 'Week view' }));
        expect(await screen.findByText('The classes')).toBeTruthy();
        expect(store.getItem('events.view')).toBe('week');
    });

    it('speaks Russian, and says when there is nothing ahead', async () => {
        renderFirstPage({ locale: 'ru' });
        expect(await screen.findByText('Ваша неделя')).toBeTruthy();
        expect((await screen.findByRole('link', { name: /Hatha/ })).textContent).toContain('Записано: 3 / 12');
        expect(screen.getByRole('button', { name: 'Вся неделя' })).toBeTruthy();
        cleanup();
        renderFirstPage({ locale: 'ru', events: [] });
        expect(await screen.findByText('В ближайшие семь дней занятий нет.')).toBeTruthy();
    });

    it('is not on a manager’s first page', async () => {
        renderFirstPage({ role: 'manager' });
        await screen.findByText('Classes today');
        expect(screen.queryByText('Your week ahead')).toBeNull();
    });
});
