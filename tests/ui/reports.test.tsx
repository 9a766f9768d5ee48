// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore, testDataProvider, type AuthProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { activeEntry, Menu } from '../../src/app/Menu';
import { canAccess } from '../../src/domain/permissions';
import { payRate } from '../../src/domain/pay';
import type { Role } from '../../src/domain/types';
import { moneyFormatter } from '../../src/pages/statistics/format';
import IncomeStatisticsPage from '../../src/pages/statistics/IncomeStatisticsPage';
import { TeacherAttendancesPage } from '../../src/pages/teacherAttendances/TeacherAttendancesPage';
import type { IncomeStatistics, TeacherPayAnswer } from '../../src/domain/api';

afterEach(cleanup);

const i18n = (locale: 'en' | 'ru') =>
    polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale);

const authAs = (role: Role, id = 3): AuthProvider => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    getIdentity: async () => ({ id, fullName: 'Anna Petrova', role }),
    canAccess: async ({ resource, action }) =>
        canAccess(role, { resource: resource.replace(/^settings\//, ''), action }),
});

const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow', expiringPassDays: 7 };

const renderAt = (
    ui: ReactNode,
    {
        path,
        route = '*',
        role = 'admin',
        locale = 'en',
        extra = {},
    }: { path: string; route?: string; role?: Role; locale?: 'en' | 'ru'; extra?: object },
) =>
    render(
        <MemoryRouter initialEntries={[path]}>
            <AdminContext
                dataProvider={testDataProvider({
                    getOne: async () => ({ data: config as never }),
                    getList: async () => ({ data: [], total: 0 }),
                    getMany: async () => ({ data: [] }),
                    ...extra,
                } as never)}
                i18nProvider={i18n(locale)}
                authProvider={authAs(role)}
                store={memoryStore()}
            >
                <Routes>
                    <Route path={route} element={ui} />
                </Routes>
            </AdminContext>
        </MemoryRouter>,
    );

const isActive = (name: string) => screen.getByRole('menuitem', { name }).classList.contains('RaMenuItemLink-active');

describe('the menu', () => {
    it('picks the longest entry a path is or lies under, and "/" only for itself', () => {
        const paths = ['/', '/attendances', '/attendances/me', '/settings/statuses/customer'];
        expect(activeEntry(paths, '/attendances/me')).toBe('/attendances/me');
        expect(activeEntry(paths, '/attendances')).toBe('/attendances');
        expect(activeEntry(paths, '/attendances/12/show')).toBe('/attendances');
        expect(activeEntry(paths, '/attendancesx')).toBeUndefined();
        expect(activeEntry(paths, '/')).toBe('/');
        expect(activeEntry(paths, '/customers')).toBeUndefined();
    });

    it("highlights only a teacher's own classes and pay on /attendances/me, not Attendances too", async () => {
        renderAt(<Menu />, { path: '/attendances/me', role: 'teacher' });
        await screen.findByRole('menuitem', { name: 'My classes and pay' });
        expect(isActive('My classes and pay')).toBe(true);
        expect(isActive('Attendances')).toBe(false);
        expect(document.querySelectorAll('.RaMenuItemLink-active')).toHaveLength(1);
    });

    it('highlights Attendances on its own pages and the dashboard only on the home page', async () => {
        renderAt(<Menu />, { path: '/attendances/5', role: 'teacher' });
        await screen.findByRole('menuitem', { name: 'Attendances' });
        expect(isActive('Attendances')).toBe(true);
        expect(isActive('My classes and pay')).toBe(false);
        expect(isActive('Dashboard')).toBe(false);
        cleanup();
        renderAt(<Menu />, { path: '/', role: 'admin' });
        await screen.findByRole('menuitem', { name: 'Dashboard' });
        expect(document.querySelectorAll('.RaMenuItemLink-active')).toHaveLength(1);
        expect(isActive('Dashboard')).toBe(true);
    });
});

const pay: TeacherPayAnswer = {
    teacher: { id: 3, name: 'Anna Petrova', pay: [payRate({ kind: 'per_attendee', amount: 300 })] },
    from: '2026-11-01',
    to: '2026-11-30',
    visits: 7,
    total: 2100,
    events: [],
    adjustments: [],
    periods: [],
    closable: false,
};

describe("the teacher's pay page", () => {
    it('shows the total of the period at the top, in English and in Russian', async () => {
        renderAt(<TeacherAttendancesPage />, {
            path: '/attendances/me',
            route: '/attendances/:teacher',
            role: 'teacher',
            extra: { getTeacherPay: async () => pay },
        });
        const summary = await screen.findByTestId('pay-summary');
        expect(within(summary).getByTestId('pay-total-top').textContent).toBe(moneyFormatter('en', 'RUB').format(2100));
        expect(summary.textContent).toMatch(/Pay for the period/);
        expect(summary.textContent).toMatch(/7 visits/);
        // Above the table: the summary comes before the footer's total in the page.
        const footer = screen.getByTestId('pay-total');
        expect(summary.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
        cleanup();
        renderAt(<TeacherAttendancesPage />, {
            path: '/attendances/me',
            route: '/attendances/:teacher',
            role: 'teacher',
            locale: 'ru',
            extra: { getTeacherPay: async () => pay },
        });
        expect((await screen.findByTestId('pay-total-top')).textContent).toBe(moneyFormatter('ru', 'RUB').format(2100));
        expect(screen.getByTestId('pay-summary').textContent).toMatch(/Оплата за период.*7 посещений/);
    });
});

const closedPeriod = {
    id: 7,
    teacherId: 3,
    startsOn: '2026-10-01',
    endsOn: '2026-10-31',
    classes: 20,
    visits: 90,
    total: 27000,
    closedBy: 2,
    closedByName: 'Maria Manager',
    createdAt: '2026-11-01T09:30:00.000Z',
    reopenedAt: null,
    reopenedBy: null,
    reopenedByName: null,
};

describe('closed pay periods on the pay page', () => {
    const closedPay: TeacherPayAnswer = {
        ...pay,
        from: '2026-10-01',
        to: '2026-10-31',
        total: 27000,
        periods: [closedPeriod],
    };

    it('say who closed the period and when; only an admin may reopen it', async () => {
        renderAt(<TeacherAttendancesPage />, {
            path: '/attendances/3',
            route: '/attendances/:teacher',
            role: 'admin',
            extra: { getTeacherPay: async () => closedPay },
        });
        const notice = await screen.findByTestId('pay-period-closed');
        expect(notice.textContent).toMatch(
            /Closed 10\/01\/2026 – 10\/31\/2026: RUB\s27,000\.00, by Maria Manager on 11\/01\/2026 12:30 PM/,
        );
        expect(within(notice).getByRole('button', { name: 'Reopen' })).toBeTruthy();
        cleanup();
        renderAt(<TeacherAttendancesPage />, {
            path: '/attendances/3',
            route: '/attendances/:teacher',
            role: 'manager',
            locale: 'ru',
            extra: { getTeacherPay: async () => closedPay },
        });
        const russian = await screen.findByTestId('pay-period-closed');
        expect(russian.textContent).toMatch(/Закрыт период 01\.10\.2026 – 31\.10\.2026: 27\s000,00\s₽, Maria Manager/);
        expect(within(russian).queryByRole('button')).toBeNull();
    });

    it('offer closing to managers when every day is past and none closed, never to teachers', async () => {
        const open: TeacherPayAnswer = { ...pay, closable: true };
        renderAt(<TeacherAttendancesPage />, {
            path: '/attendances/3',
            route: '/attendances/:teacher',
            role: 'manager',
            extra: { getTeacherPay: async () => open },
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Close period' }));
        expect((await screen.findByRole('dialog')).textContent).toMatch(
            /Close the pay of Anna Petrova for 11\/01\/2026 – 11\/30\/2026\?/,
        );
        cleanup();
        renderAt(<TeacherAttendancesPage />, {
            path: '/attendances/me',
            route: '/attendances/:teacher',
            role: 'teacher',
            extra: { getTeacherPay: async () => open },
        });
        await screen.findByTestId('pay-summary');
        expect(screen.queryByRole('button', { name: 'Close period' })).toBeNull();
    });

    it('list the adjustments paid in the period and count them in the total', async () => {
        const adjusted: TeacherPayAnswer = {
            ...pay,
            total: 1800,
            adjustments: [
                {
                    event: {
                        id: 10,
                        startsAt: '2026-10-01T08:00',
                        courseId: 1,
                        studioId: 1,
                        status: 'done',
                        scheduleId: 1,
                        title: null,
                    },
                    pay: -300,
                    visits: -1,
                    on: '2026-11-20',
                    userId: 2,
                    userName: 'Maria Manager',
                    at: '2026-11-20T09:00:00.000Z',
                    periodId: 7,
                    periodStartsOn: '2026-10-01',
                    periodEndsOn: '2026-10-31',
                },
            ],
        };
        renderAt(<TeacherAttendancesPage />, {
            path: '/attendances/me',
            route: '/attendances/:teacher',
            role: 'teacher',
            extra: { getTeacherPay: async () => adjusted },
        });
        const row = await screen.findByTestId('pay-adjustment');
        expect(row.textContent).toMatch(/10\/01\/2026 – 10\/31\/2026/);
        expect(row.textContent).toMatch(/Maria Manager, 11\/20\/2026 12:00 PM/);
        expect(row.textContent).toMatch(/-RUB\s300\.00/);
        expect(screen.getByTestId('pay-adjustments-total').textContent).toMatch(/including adjustments -RUB\s300\.00/);
    });
});

describe('the income page', () => {
    it('says so when a custom range is picked backwards, instead of showing nothing', async () => {
        renderAt(<IncomeStatisticsPage />, { path: '/statistics/incomes', role: 'manager' });
        fireEvent.click(await screen.findByRole('button', { name: 'Custom' }));
        fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
        fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
        expect((await screen.findByTestId('period-reversed')).textContent).toMatch(/start date is after the end date/);
    });

    /** November 2026 by week, as the server answers it on 25 November. */
    const november: IncomeStatistics = {
        from: '2026-11-01',
        to: '2026-11-30',
        interval: 'week',
        total: 10500,
        series: ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'].map(
            (period, index) => ({ period, income: 1000 * index }),
        ),
        comparison: { kind: 'month', length: 1 },
        toDate: null,
        byMethod: [{ key: 'cash', amount: 10500 }],
        byPlan: [],
        previous: {
            from: '2026-10-01',
            to: '2026-10-31',
            total: 4000,
            series: ['2026-09-28', '2026-10-05'].map(period => ({ period, income: 2000 })),
        },
        earned: { to: '2026-11-25', total: 4083.25, byDirection: [], byTeacher: [], byStudio: [] },
    };

    /** The labels along the income chart (the page's first): recharts draws once its box has a size, which jsdom never measures. */
    const chartTicks = async () => {
        await waitFor(() => expect(document.querySelector('.recharts-cartesian-axis-tick-value')).not.toBeNull());
        const chart = document.querySelector('.recharts-wrapper') as HTMLElement;
        return [...chart.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')].map(
            tick => tick.textContent,
        );
    };

    it.each([
        ['en', ['Nov 1', 'Nov 2 – 8', 'Nov 9 – 15', 'Nov 16 – 22', 'Nov 23 – 29', 'Nov 30'], 'Up to today, 11/25/2026'],
        [
            'ru',
            ['1 нояб.', '2–8 нояб.', '9–15 нояб.', '16–22 нояб.', '23–29 нояб.', '30 нояб.'],
            'По сегодняшний день, 25.11.2026',
        ],
    ] as const)(
        'names the weeks on the chart by their days in the period, and says where earnings stop (%s)',
        async (locale, weeks, note) => {
            vi.stubGlobal(
                'ResizeObserver',
                class {
                    constructor(private readonly report: (entries: object[]) => void) {}
                    observe(target: Element) {
                        this.report([{ target, contentRect: { width: 960, height: 300 } }]);
                    }
                    unobserve() {}
                    disconnect() {}
                },
            );
            try {
                renderAt(<IncomeStatisticsPage />, {
                    path: '/statistics/incomes',
                    role: 'manager',
                    locale,
                    extra: { getIncomeStatistics: async () => november },
                });
                expect((await screen.findByTestId('earned-total-note')).textContent).toBe(note);
                expect(await chartTicks()).toEqual(weeks);
                expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
            } finally {
                vi.unstubAllGlobals();
            }
        },
    );
});
