// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testDataProvider } from 'react-admin';
import { Dashboard } from '../../src/pages/dashboard/Dashboard';
import { formatDays } from '../../src/pages/statistics/comparison';
import { moneyFormatter } from '../../src/pages/statistics/format';
import type { DashboardData, StaffDashboard } from '../../src/domain/api';
import { renderScreen } from '../support/screen';

afterEach(cleanup);

const teacherDay: DashboardData = {
    today: '2026-11-23',
    todayEvents: [
        {
            id: 7,
            startsAt: '2026-11-23T19:00',
            durationMinutes: 60,
            status: 'planned',
            title: 'Хатха-йога',
            studio: 'Большой зал',
            teacher: 'Anna Petrova',
            capacity: 12,
            marked: 3,
            enrolled: 8,
        },
        {
            id: 8,
            startsAt: '2026-11-23T21:00',
            durationMinutes: 60,
            status: 'planned',
            title: 'Open class',
            studio: 'Большой зал',
            teacher: 'Anna Petrova',
            capacity: 20,
            marked: 5,
            enrolled: null,
        },
    ],
    withoutMarks: { count: 0, classes: [] },
};

const leftOpen: DashboardData['withoutMarks'] = {
    count: 51,
    classes: [
        {
            id: 31,
            startsAt: '2026-11-20T18:00',
            course: 'Stretching',
            title: 'Stretching · Fri 18:00',
            teacher: 'Anna Petrova',
        },
        { id: 30, startsAt: '2026-11-19T10:00', course: 'Йога', title: 'Утро', teacher: 'Мария' },
    ],
};

const staffDay: StaffDashboard = {
    ...teacherDay,
    income: {
        thisMonth: 125000,
        lastMonthToDate: 100000,
        lastMonth: 180000,
        toDate: {
            current: { from: '2026-11-01', to: '2026-11-23' },
            previous: { from: '2026-10-01', to: '2026-10-23' },
        },
        previous: { from: '2026-10-01', to: '2026-10-31' },
    },
    activePasses: 42,
    visitsThisWeek: 87,
    expiringPasses: [
        { id: 1, customerId: 5, customer: 'Ivan Petrov', name: '8 занятий', endsOn: '2026-11-25', visitsLeft: 1 },
    ],
    expiringCount: 1,
    unpaidVisits: 2,
    unpaidCustomers: [{ customerId: 9, customer: 'Olga Ivanova', visits: 2 }],
};

const renderDashboard = (data: DashboardData, locale: 'en' | 'ru' = 'en') =>
    renderScreen(<Dashboard />, {
        dataProvider: testDataProvider({
            getOne: async () => ({
                data: {
                    id: 'general',
                    currency: 'RUB',
                    timezone: 'Europe/Moscow',
                    expiringPassDays: 7,
                } as never,
            }),
            getDashboard: async () => data,
        } as never),
        authProvider: null,
        locale,
    });

describe('the dashboard', () => {
    it('lists the classes that ended without marks and are still open, each opening its roster', async () => {
        renderDashboard({ ...staffDay, withoutMarks: leftOpen });
        expect(await screen.findByText('Classes without marks: 51')).toBeTruthy();
        const link = screen.getByRole('link', { name: /Stretching/ });
        expect(link.getAttribute('href')).toBe('/events/31');
        expect(link.textContent).toMatch(/11\/20\/2026/);
        // The course is named once, then what the group's title adds.
        expect(link.textContent).toContain('PM · Stretching · Fri 18:00');
        expect(link.textContent).not.toContain('Stretching · Stretching');
        expect(screen.getByRole('link', { name: /Йога · Утро/ }).getAttribute('href')).toBe('/events/30');
        expect(screen.getByText('and 49 more')).toBeTruthy();
    });

    it('names the classes without marks in Russian, and shows no panel when there are none', async () => {
        renderDashboard({ ...teacherDay, withoutMarks: leftOpen }, 'ru');
        expect(await screen.findByText('Занятия без отметок: 51')).toBeTruthy();
        expect(screen.getByText('и ещё 49')).toBeTruthy();
        cleanup();
        renderDashboard(teacherDay, 'ru');
        await screen.findByText('Занятия сегодня');
        expect(screen.queryByTestId('without-marks')).toBeNull();
    });

    it('shows a teacher their classes of the day, each opening its roster, and no studio numbers', async () => {
        renderDashboard(teacherDay);
        const link = await screen.findByRole('link', { name: /Хатха-йога/ });
        expect(link.getAttribute('href')).toBe('/events/7');
        // Marked of the group's members, not of the room's capacity; a class of no group just counts.
        expect(screen.getByText(/Marked 3 of 8 enrolled/)).toBeTruthy();
        expect(screen.queryByText(/of 12/)).toBeNull();
        expect(screen.getByText(/5 marked/)).toBeTruthy();
        expect(screen.queryByText('Income this month')).toBeNull();
        expect(screen.queryByText('Passes running out')).toBeNull();
    });

    it('shows staff the income, passes running out and debts, each opening the customer', async () => {
        renderDashboard(staffDay);
        expect((await screen.findByTestId('income-month')).textContent).toBe(
            moneyFormatter('en', 'RUB').format(125000),
        );
        expect(moneyFormatter('en', 'RUB').format(125000)).toMatch(/^RUB\s125,000\.00$/);
        expect(screen.getByTestId('active-passes').textContent).toBe('42');
        // Which days are compared, in words.
        expect(screen.getByText(/Income this month \(Nov 1\s–\s23, 2026\)/)).toBeTruthy();
        expect(screen.getByTestId('income-same-days').textContent).toBe(
            `Same days of last month (${formatDays({ from: '2026-10-01', to: '2026-10-23' }, 'en')}): ${moneyFormatter('en', 'RUB').format(100000)}`,
        );
        expect(screen.getByTestId('income-last-month').textContent).toBe(
            `All of last month (October 2026): ${moneyFormatter('en', 'RUB').format(180000)}`,
        );
        expect(screen.getByRole('link', { name: /Ivan Petrov/ }).getAttribute('href')).toBe('/customers/5');
        expect(screen.getByText(/1 visit left/)).toBeTruthy();
        expect(screen.getByRole('link', { name: /Olga Ivanova/ }).getAttribute('href')).toBe('/customers/9');
    });

    it('speaks Russian with Russian number formats', async () => {
        renderDashboard(staffDay, 'ru');
        expect((await screen.findByTestId('income-month')).textContent).toMatch(/^125\s000,00\s₽$/);
        expect(screen.getByText('Занятия сегодня')).toBeTruthy();
        expect(screen.getByTestId('income-same-days').textContent).toMatch(
            /^За те же дни прошлого месяца \(1\s?–\s?23 окт\. 2026\sг\.\): 100\s000,00\s₽$/,
        );
        expect(screen.getByText(/Отмечено 3 из 8 записанных/)).toBeTruthy();
        expect(screen.getByText(/остался 1 визит/)).toBeTruthy();
    });
});
