// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
    AdminContext,
    HttpError,
    memoryStore,
    Notification,
    RecordContextProvider,
    ResourceContextProvider,
    testDataProvider,
    type AuthProvider,
    type DataProvider,
} from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { canAccess } from '../../src/domain/permissions';
import type { DashboardData } from '../../src/domain/api';
import type { AuditEntry, Config, Course, Penalty, Role, StudioEvent, Subscription } from '../../src/domain/types';
import { Dashboard } from '../../src/pages/dashboard/Dashboard';
import { CustomerPenalties } from '../../src/resources/customers/CustomerPenalties';
import { RecordHistory } from '../../src/resources/history/RecordHistory';
import { SubscriptionCreate } from '../../src/resources/subscriptions/SubscriptionCreate';
import { SubscriptionEdit } from '../../src/resources/subscriptions/SubscriptionEdit';
import { moneyFormatter } from '../../src/pages/statistics/format';
import { anna, fill, i18n, type Locale } from '../support/forms';

/*
 * The attendance policy on the staff's screens: a plan's rules chosen and told in words, the penalties
 * to review on the dashboard and waived there with a reason, a customer's penalties on the card with an
 * applied fee taken at the desk, and a penalty's changes in the History.
 */

afterEach(cleanup);

const config = {
    id: 'general',
    currency: 'RUB',
    timezone: 'Europe/Moscow',
    lateCancelHours: 12,
    penaltyDelayHours: 24,
} as Config;

const plan: Subscription = {
    id: 3,
    createdAt: '2026-01-01T00:00:00.000Z',
    name: '8 занятий',
    price: 5200,
    visits: 8,
    validityDays: 35,
    directionIds: [],
    freezeDays: 7,
    trial: false,
    active: true,
    soldOnline: false,
    lateCancelPenalty: { kind: 'none', amount: null },
    noShowPenalty: { kind: 'none', amount: null },
    makeUps: false,
    autoRenew: false,
};

const course = { id: 2, name: 'Хатха-йога' } as Course;
const event = { id: 7, courseId: 2, title: 'Вечер', startsAt: '2026-11-27T19:00' } as StudioEvent;
const penalty = (id: number, fields: Partial<Penalty> = {}): Penalty => ({
    id,
    createdAt: '2026-11-27T10:00:00.000Z',
    customerId: anna.id,
    bookingId: 100 + id,
    eventId: event.id,
    passId: 9,
    kind: 'late_cancel',
    action: 'visit',
    amount: null,
    status: 'pending',
    appliesAt: '2026-11-28T17:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    attendanceId: null,
    paymentId: null,
    ...fields,
});

const authAs = (role: Role): AuthProvider => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    canAccess: async ({ resource, action }) =>
        canAccess(role, { resource: resource.replace(/^settings\//, ''), action }),
});

const records: Record<string, { id: unknown }[]> = {
    customers: [anna],
    events: [event],
    'settings/courses': [course],
};

const provider = (overrides: Partial<DataProvider> & Record<string, unknown> = {}) =>
    testDataProvider({
        getOne: (async (resource: string) => ({ data: resource === 'configs' ? config : plan })) as never,
        getList: (async () => ({ data: [], total: 0 })) as never,
        getMany: (async (resource: string, { ids }: { ids: unknown[] }) => ({
            data: (records[resource] ?? []).filter(record => ids.includes(record.id)),
        })) as never,
        getManyReference: (async () => ({ data: [], total: 0 })) as never,
        ...overrides,
    } as never);

const renderAt = (
    ui: ReactNode,
    {
        locale = 'en',
        path = '/',
        route = '/',
        resource,
        dataProvider,
        role = 'manager',
    }: {
        locale?: Locale;
        path?: string;
        route?: string;
        resource?: string;
        dataProvider: DataProvider;
        role?: Role;
    },
) =>
    render(
        <MemoryRouter initialEntries={[path]}>
            <AdminContext
                dataProvider={dataProvider}
                authProvider={authAs(role)}
                i18nProvider={i18n(locale)}
                store={memoryStore()}
            >
                <Routes>
                    <Route
                        path={route}
                        element={
                            resource ? <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider> : ui
                        }
                    />
                </Routes>
            </AdminContext>
        </MemoryRouter>,
    );

const money = (amount: number, locale: Locale) => moneyFormatter(locale, 'RUB').format(amount);
/** The same, with its spaces as the queries of Testing Library read them. */
const spaced = (amount: number, locale: Locale) => money(amount, locale).replace(/\s/g, ' ');

describe("a plan's attendance rules", () => {
    it('are chosen on the new plan form, told in words as they change, and sent', async () => {
        const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 9 } }));
        renderAt(<SubscriptionCreate />, {
            path: '/settings/subscriptions/create',
            route: '/settings/subscriptions/create',
            resource: 'settings/subscriptions',
            role: 'admin',
            dataProvider: provider({ create: create as never }),
        });
        await fill('Name', 'Evening 8');
        await fill('Price', '4000');
        const summary = await screen.findByTestId('penalty-summary');
        expect(summary.textContent).toBe('A late cancel costs nothing. Missing a class costs nothing.');
        // The amount is asked only for a fee.
        expect(screen.queryByLabelText('Fee')).toBeNull();
        const late = screen.getByRole('group', { name: 'A late cancel costs' });
        fireEvent.click(within(late).getByLabelText('The visit'));
        const noShow = screen.getByRole('group', { name: 'A no-show costs' });
        fireEvent.click(within(noShow).getByLabelText('A fee'));
        await fill('Fee', '500');
        fireEvent.click(screen.getByRole('switch', { name: 'Make-ups for excused absences' }));
        await waitFor(() =>
            expect(screen.getByTestId('penalty-summary').textContent).toBe(
                'Cancelling less than 12 hours before costs the visit. ' +
                    `Missing a class costs a fee of ${money(500, 'en')}. ` +
                    'The first time in 30 days is forgiven; staff can waive any within 24 hours after the class. ' +
                    "An excused absence from a group's class gives a make-up.",
            ),
        );
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0][1].data).toMatchObject({
            lateCancelPenalty: { kind: 'visit', amount: null },
            noShowPenalty: { kind: 'fee', amount: 500 },
            makeUps: true,
        });
    });

    it("asks a fee's amount before saving", async () => {
        const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 9 } }));
        renderAt(<SubscriptionCreate />, {
            path: '/settings/subscriptions/create',
            route: '/settings/subscriptions/create',
            resource: 'settings/subscriptions',
            role: 'admin',
            dataProvider: provider({ create: create as never }),
        });
        await fill('Name', 'Evening 8');
        await fill('Price', '4000');
        fireEvent.click(within(screen.getByRole('group', { name: 'A late cancel costs' })).getByLabelText('A fee'));
        expect(screen.getByTestId('penalty-summary').textContent).toContain('costs a fee of (amount to set)');
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Required')).toBeTruthy();
        expect(create).not.toHaveBeenCalled();
    });

    it("are told in Russian with the plan's own late-cancel hours", async () => {
        const ruled: Subscription = {
            ...plan,
            lateCancelHours: 6,
            lateCancelPenalty: { kind: 'fee', amount: 300 },
            noShowPenalty: { kind: 'visit', amount: null },
        };
        renderAt(<SubscriptionEdit />, {
            locale: 'ru',
            path: '/settings/subscriptions/3',
            route: '/settings/subscriptions/:id',
            resource: 'settings/subscriptions',
            role: 'admin',
            dataProvider: provider({
                getOne: (async (resource: string) => ({ data: resource === 'configs' ? config : ruled })) as never,
            }),
        });
        expect(await screen.findByDisplayValue('8 занятий')).toBeTruthy();
        expect(screen.getByTestId('penalty-summary').textContent).toBe(
            `Отмена менее чем за 6 часов до занятия — штраф ${money(300, 'ru')}. ` +
                'Неявка на занятие списывает посещение. ' +
                'Первый раз за 30 дней прощается; сотрудники могут отменить любой штраф в течение 24 часов после занятия.',
        );
    });
});

const teacherDay: DashboardData = { today: '2026-11-27', todayEvents: [], withoutMarks: { count: 0, classes: [] } };
const staffDay = {
    ...teacherDay,
    income: {
        thisMonth: 0,
        lastMonthToDate: 0,
        lastMonth: 0,
        toDate: {
            current: { from: '2026-11-01', to: '2026-11-27' },
            previous: { from: '2026-10-01', to: '2026-10-27' },
        },
        previous: { from: '2026-10-01', to: '2026-10-31' },
    },
    activePasses: 0,
    visitsThisWeek: 0,
    expiringPasses: [],
    expiringCount: 0,
    unpaidVisits: 0,
    unpaidCustomers: [],
} as DashboardData;

describe('the penalties to review on the dashboard', () => {
    const pending = [
        penalty(1),
        penalty(2, { kind: 'no_show', action: 'fee', amount: 500, appliesAt: '2026-11-29T09:00:00.000Z' }),
    ];

    it('lists the pending penalties and waives one with a reason', async () => {
        const getList = vi.fn(async () => ({ data: pending, total: 2 }));
        const waivePenalty = vi.fn(async () => ({ ...pending[0], status: 'waived' }));
        renderAt(<Dashboard />, {
            dataProvider: provider({ getList: getList as never, getDashboard: async () => staffDay, waivePenalty }),
        });
        const list = await screen.findByTestId('penalties-to-review');
        expect(screen.getByText('Penalties to review: 2')).toBeTruthy();
        expect(getList).toHaveBeenCalledWith(
            'penalties',
            expect.objectContaining({ filter: { status: 'pending' }, sort: { field: 'appliesAt', order: 'ASC' } }),
        );
        const rows = within(list).getAllByRole('listitem');
        const first = within(rows[0]);
        expect((await first.findByRole('link', { name: 'Anna Petrova' })).getAttribute('href')).toBe('/customers/42');
        expect(await first.findByText(/Хатха-йога · Вечер · 11\/27\/2026 7:00 PM/)).toBeTruthy();
        // 17:00 UTC is 20:00 in Moscow, the studio's zone.
        expect(first.getByText(/Late cancel · the visit · applies 11\/28\/2026 8:00 PM/)).toBeTruthy();
        expect(within(rows[1]).getByText(new RegExp(`No-show · a fee of ${spaced(500, 'en')}`))).toBeTruthy();

        fireEvent.click(first.getByRole('button', { name: 'Waive' }));
        const dialog = await screen.findByRole('dialog');
        // A reason is required.
        fireEvent.click(within(dialog).getByRole('button', { name: 'Waive' }));
        expect(await within(dialog).findByText('Required')).toBeTruthy();
        expect(waivePenalty).not.toHaveBeenCalled();
        fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Stuck in traffic' } });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Waive' }));
        await waitFor(() => expect(waivePenalty).toHaveBeenCalledWith({ id: 1, reason: 'Stuck in traffic' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('speaks Russian', async () => {
        renderAt(<Dashboard />, {
            locale: 'ru',
            dataProvider: provider({
                getList: (async () => ({ data: pending, total: 2 })) as never,
                getDashboard: async () => staffDay,
            }),
        });
        expect(await screen.findByText('Штрафы на рассмотрении: 2')).toBeTruthy();
        expect(await screen.findByText(/Поздняя отмена · посещение · применится 28\.11\.2026 20:00/)).toBeTruthy();
        expect(screen.getByText(new RegExp(`Неявка · штраф ${spaced(500, 'ru')}`))).toBeTruthy();
    });

    it('is not there when nothing waits, nor for a teacher', async () => {
        renderAt(<Dashboard />, {
            dataProvider: provider({ getDashboard: async () => staffDay }),
        });
        await screen.findByText('Active passes');
        expect(screen.queryByText(/Penalties to review/)).toBeNull();
        cleanup();
        const getList = vi.fn(async () => ({ data: pending, total: 2 }));
        renderAt(<Dashboard />, {
            role: 'teacher',
            dataProvider: provider({ getList: getList as never, getDashboard: async () => teacherDay }),
        });
        await screen.findByText('Classes today');
        expect(screen.queryByText(/Penalties to review/)).toBeNull();
        expect(getList).not.toHaveBeenCalledWith('penalties', expect.anything());
    });
});

describe("the customer's penalties on the card", () => {
    it('lists every state, newest first, with Waive on the pending one only', async () => {
        const getManyReference = vi.fn(async () => ({
            data: [
                penalty(3),
                penalty(2, { kind: 'no_show', action: 'fee', amount: 500, status: 'applied' }),
                penalty(1, { status: 'forgiven' }),
            ],
            total: 3,
        }));
        renderAt(
            <RecordContextProvider value={anna}>
                <CustomerPenalties />
            </RecordContextProvider>,
            { resource: 'customers', dataProvider: provider({ getManyReference: getManyReference as never }) },
        );
        const section = await screen.findByRole('region', { name: 'Penalties' });
        const pendingRow = (await within(section).findByText('To review')).closest('tr') as HTMLElement;
        expect(within(pendingRow).getByText('Late cancel')).toBeTruthy();
        expect(within(pendingRow).getByText('the visit')).toBeTruthy();
        expect(within(pendingRow).getByRole('button', { name: 'Waive' })).toBeTruthy();
        const applied = within(within(section).getByText('Applied').closest('tr') as HTMLElement);
        expect(applied.getByText(`a fee of ${spaced(500, 'en')}`)).toBeTruthy();
        expect(applied.queryByRole('button', { name: 'Waive' })).toBeNull();
        expect(within(section).getByText('Forgiven (first in 30 days)')).toBeTruthy();
        expect(getManyReference).toHaveBeenCalledWith(
            'penalties',
            expect.objectContaining({ target: 'customerId', id: 42, sort: { field: 'id', order: 'DESC' } }),
        );
    });
});

describe('a fee owed, on the card', () => {
    const owed = penalty(2, { kind: 'no_show', action: 'fee', amount: 500, status: 'applied' });
    const paid = penalty(1, { kind: 'no_show', action: 'fee', amount: 500, status: 'applied', paymentId: 77 });

    const renderCard = (locale: Locale, payPenalty = vi.fn()) => {
        const getManyReference = vi.fn(async () => ({ data: [owed, paid], total: 2 }));
        renderAt(
            <RecordContextProvider value={anna}>
                <CustomerPenalties />
                <Notification />
            </RecordContextProvider>,
            {
                locale,
                resource: 'customers',
                dataProvider: provider({ getManyReference: getManyReference as never, payPenalty }),
            },
        );
        return getManyReference;
    };

    it('is taken at the desk by the method chosen, and the card is read again', async () => {
        const payPenalty = vi.fn(async () => ({ penalty: { ...owed, paymentId: 78 }, payment: { id: 78 } }));
        const getManyReference = renderCard('en', payPenalty);
        const section = await screen.findByRole('region', { name: 'Penalties' });
        const rows = await within(section).findAllByText('Applied');
        const [owedRow, paidRow] = rows.map(chip => within(chip.closest('tr') as HTMLElement));
        expect(owedRow.getByText('owed')).toBeTruthy();
        expect(paidRow.getByText('paid')).toBeTruthy();
        // The button waits for the grant to take payments; a fee paid is not taken twice.
        const take = await owedRow.findByRole('button', { name: 'Take payment' });
        expect(paidRow.queryByRole('button', { name: 'Take payment' })).toBeNull();

        fireEvent.click(take);
        const dialog = within(await screen.findByRole('dialog', { name: 'Take the fee' }));
        expect(dialog.getByText(`No-show · a fee of ${spaced(500, 'en')}`)).toBeTruthy();
        fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Method' }));
        const options = (await screen.findAllByRole('option'))
            .map(option => option.textContent?.trim())
            .filter(Boolean);
        // The desk's methods: online payments come through a payment link, not this dialog.
        expect(options).toEqual(['Cash', 'Card', 'Bank transfer']);
        fireEvent.click(screen.getByRole('option', { name: 'Card' }));
        const calls = getManyReference.mock.calls.length;
        fireEvent.click(dialog.getByRole('button', { name: 'Take payment' }));
        await waitFor(() => expect(payPenalty).toHaveBeenCalledWith({ id: 2, method: 'card' }));
        expect(await screen.findByText('Fee paid')).toBeTruthy();
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await waitFor(() => expect(getManyReference.mock.calls.length).toBeGreaterThan(calls));
    });

    it('gets a payment link to pay it online, made at once for the fee', async () => {
        const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({
            data: { ...data, id: 'abc' },
        }));
        const getManyReference = vi.fn(async () => ({ data: [owed, paid], total: 2 }));
        renderAt(
            <RecordContextProvider value={anna}>
                <CustomerPenalties />
                <Notification />
            </RecordContextProvider>,
            {
                resource: 'customers',
                dataProvider: provider({ getManyReference: getManyReference as never, create: create as never }),
            },
        );
        const section = await screen.findByRole('region', { name: 'Penalties' });
        const buttons = await within(section).findAllByRole('button', { name: 'Payment link' });
        // Only the fee owed has one.
        expect(buttons).toHaveLength(1);
        fireEvent.click(buttons[0]);
        await waitFor(() =>
            expect(create).toHaveBeenCalledWith('paymentLinks', {
                data: { purpose: 'fee', customerId: owed.customerId, penaltyId: 2 },
            }),
        );
        expect(await screen.findByText('The payment link is created')).toBeTruthy();
    });

    it("says the server's refusal", async () => {
        const payPenalty = vi.fn(async () => {
            throw new HttpError('Conflict', 409, { errors: { status: 'app.penalties.errors.not_owed' } });
        });
        renderCard('en', payPenalty);
        const section = await screen.findByRole('region', { name: 'Penalties' });
        fireEvent.click(await within(section).findByRole('button', { name: 'Take payment' }));
        const dialog = within(await screen.findByRole('dialog'));
        fireEvent.click(dialog.getByRole('button', { name: 'Take payment' }));
        await waitFor(() => expect(payPenalty).toHaveBeenCalledWith({ id: 2, method: 'cash' }));
        expect(await screen.findByText('This penalty owes no fee: only an applied, unpaid fee is paid')).toBeTruthy();
    });

    it('speaks Russian', async () => {
        renderCard('ru');
        const section = await screen.findByRole('region', { name: 'Штрафы' });
        expect(await within(section).findByText('не оплачен')).toBeTruthy();
        expect(within(section).getByText('оплачен')).toBeTruthy();
        fireEvent.click(await within(section).findByRole('button', { name: 'Принять оплату' }));
        const dialog = within(await screen.findByRole('dialog', { name: 'Оплата штрафа' }));
        expect(dialog.getByText(`Неявка · штраф ${spaced(500, 'ru')}`)).toBeTruthy();
        expect(dialog.getByRole('combobox', { name: 'Способ оплаты' }).textContent).toBe('Наличные');
        expect(dialog.getByRole('button', { name: 'Принять оплату' })).toBeTruthy();
    });
});

describe("a penalty's changes in the History", () => {
    const applied: AuditEntry = {
        id: 9,
        createdAt: '2026-11-29T09:00:00.000Z',
        userId: null,
        byCustomerId: null,
        userName: null,
        role: null,
        endpoint: 'job penalties',
        action: 'update',
        collection: 'penalties',
        recordId: '2',
        customerId: anna.id,
        passId: 9,
        eventId: event.id,
        before: { status: 'pending' },
        after: { status: 'applied' },
    };
    const made: AuditEntry = {
        ...applied,
        id: 8,
        endpoint: 'POST /api/events/7/close',
        action: 'create',
        after: { ...penalty(2, { kind: 'no_show', action: 'fee', amount: 500 }) },
        before: null,
    };

    const renderHistory = (locale: Locale) =>
        renderAt(
            <RecordContextProvider value={anna}>
                <RecordHistory target="customerId" />
            </RecordContextProvider>,
            {
                locale,
                resource: 'customers',
                role: 'admin',
                dataProvider: provider({
                    getManyReference: (async () => ({ data: [applied, made], total: 2 })) as never,
                }),
            },
        );

    it('names it by its customer and class, and its values in words', async () => {
        renderHistory('en');
        const [appliedRow, madeRow] = (await screen.findAllByText('Penalty:')).map(
            cell => cell.closest('tr') as HTMLElement,
        );
        expect(await within(appliedRow).findByRole('link', { name: 'Anna Petrova' })).toBeTruthy();
        expect(appliedRow.textContent).toContain('Penalty: Anna Petrova · 11/27/2026 7:00 PM · Вечер');
        expect(appliedRow.textContent).toContain('State: To review → Applied');
        expect(madeRow.textContent).toContain('For: No-show');
        expect(madeRow.textContent).toContain('Costs: A fee');
        expect(madeRow.textContent).not.toMatch(/penalties|no_show|pending/);
    });

    it('speaks Russian', async () => {
        renderHistory('ru');
        const [appliedRow] = (await screen.findAllByText('Штраф:')).map(cell => cell.closest('tr') as HTMLElement);
        expect(await within(appliedRow).findByRole('link', { name: 'Anna Petrova' })).toBeTruthy();
        expect(appliedRow.textContent).not.toMatch(/penalties|pending|applied/);
    });
});
