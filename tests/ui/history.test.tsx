// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
    AdminContext,
    memoryStore,
    RecordContextProvider,
    ResourceContextProvider,
    testDataProvider,
    type AuthProvider,
    type GetManyParams,
} from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { canAccess } from '../../src/domain/permissions';
import type { AuditEntry, Config, Customer } from '../../src/domain/types';
import { useHistoryExporter } from '../../src/resources/history/historyExporter';
import { HistoryList } from '../../src/resources/history/HistoryList';
import { RecordHistory } from '../../src/resources/history/RecordHistory';

/*
 * The history of changes reads as staff speak: every field by its label in the interface's language,
 * the records it names by their names linked to their pages (fetched once per collection for the page),
 * closed pay periods, adjustments and rates as a short summary, never an id with "#" nor raw JSON, and a
 * payment made on the public page by the customer.
 */

afterEach(cleanup);

type Locale = 'en' | 'ru';

const admin: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => 'admin',
    canAccess: async ({ resource, action }) =>
        canAccess('admin', { resource: resource.replace(/^settings\//, ''), action }),
};

const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow' } as Config;
const anna = { id: 5, firstName: 'Anna', lastName: 'Petrova', phone: '+7 900 000-00-00', status: 'active' } as Customer;
const classSummary = {
    id: 234,
    startsAt: '2026-08-10T07:00',
    courseId: 3,
    studioId: 3,
    status: 'done',
    scheduleId: null,
    title: null,
};
const rate = (fields: object) => ({
    from: null,
    kind: 'per_event',
    amount: 1500,
    bonus: 0,
    threshold: 0,
    minimum: 0,
    directionId: null,
    courseId: null,
    ...fields,
});

/** The records the entries name, by resource, as the server answers them. */
const records: Record<string, { id: number | string; [field: string]: unknown }[]> = {
    customers: [{ ...anna }],
    passes: [{ id: 151, customerId: 5, subscriptionId: 2, name: 'Йога 8 занятий' }],
    payments: [{ id: 40, customerId: 5, kind: 'payment', amount: 4800, paidAt: '2026-11-20T09:00:00.000Z' }],
    events: [{ id: 234, startsAt: '2026-08-10T07:00', title: null, courseId: 3 }],
    payPeriods: [{ id: 1, teacherId: 3, startsOn: '2026-08-01', endsOn: '2026-08-31' }],
    'settings/users': [
        { id: 2, name: 'Maria Manager' },
        { id: 3, name: 'Anna Teacher' },
    ],
    'settings/subscriptions': [{ id: 2, name: 'Yoga 8 classes' }],
    'settings/courses': [{ id: 3, name: 'Hatha yoga' }],
    'settings/directions': [{ id: 1, name: 'Yoga' }],
    paymentLinks: [],
};

const entry = (id: number, fields: Partial<AuditEntry>): AuditEntry => ({
    id,
    createdAt: '2026-11-25T12:00:00.000Z',
    byCustomerId: null,
    userId: 2,
    userName: 'Maria Manager',
    role: 'manager',
    endpoint: 'POST /api/somewhere',
    action: 'update',
    collection: 'passes',
    recordId: '151',
    customerId: null,
    passId: null,
    eventId: null,
    before: null,
    after: null,
    ...fields,
});

const entries: AuditEntry[] = [
    entry(7, {
        collection: 'payPeriods',
        recordId: '1',
        endpoint: 'POST /api/teachers/3/pay/close',
        action: 'create',
        after: {
            id: 1,
            teacherId: 3,
            startsOn: '2026-08-01',
            endsOn: '2026-08-31',
            classes: 3,
            visits: 9,
            total: 4200,
            lines: [
                { event: classSummary, visits: 3, marks: 3, pay: 1500, rate: rate({}) },
                { event: classSummary, visits: 3, marks: 3, pay: 1500, rate: rate({}) },
                { event: classSummary, visits: 3, marks: 3, pay: 1200, rate: rate({}) },
            ],
            adjustments: [],
            adjustedOn: null,
            closedBy: 2,
            closedByName: 'Maria Manager',
            reopenedAt: null,
            reopenedBy: null,
            reopenedByName: null,
        },
    }),
    entry(6, {
        collection: 'payPeriods',
        recordId: '1',
        endpoint: 'POST /api/attendances',
        before: { adjustments: [], adjustedOn: null },
        after: {
            adjustments: [
                {
                    event: classSummary,
                    pay: 300,
                    visits: 1,
                    on: '2026-11-25',
                    userId: 2,
                    userName: 'Maria Manager',
                    at: '2026-11-25T12:00:00.000Z',
                },
            ],
            adjustedOn: '2026-11-25',
        },
    }),
    entry(5, {
        collection: 'passes',
        recordId: '151',
        customerId: 5,
        passId: 151,
        endpoint: 'POST /api/passes/151/freeze',
        before: { frozenFrom: null },
        after: { frozenFrom: '2026-11-23' },
    }),
    entry(4, {
        collection: 'passes',
        recordId: '151',
        action: 'create',
        customerId: 5,
        passId: 151,
        after: {
            id: 151,
            customerId: 5,
            subscriptionId: 2,
            name: 'Йога 8 занятий',
            price: 4800,
            directionIds: [1],
            paymentId: 40,
        },
    }),
    entry(3, {
        collection: 'payments',
        recordId: '41',
        action: 'create',
        userId: null,
        userName: null,
        role: null,
        // Recorded by the test provider's notice, taken under the payer's checkout on its page.
        endpoint: 'POST /api/public/test-checkout/test_abc',
        customerId: 5,
        after: { id: 41, customerId: 5, kind: 'payment', amount: 4800, method: 'online', passId: 152 },
    }),
    entry(2, {
        collection: 'users',
        recordId: '3',
        userId: 1,
        userName: 'Olga Admin',
        role: 'admin',
        before: { pay: [rate({})] },
        after: { pay: [rate({}), rate({ from: '2026-12-01', kind: 'per_attendee', amount: 300, directionId: 1 })] },
    }),
];

const getManyOf = () =>
    vi.fn(async (resource: string, params: GetManyParams) => ({
        data: (records[resource] ?? []).filter(record => params.ids.map(String).includes(String(record.id))),
    }));

const renderHistory = (screenOf: 'list' | 'customer', locale: Locale) => {
    const getMany = getManyOf();
    const dataProvider = testDataProvider({
        getList: (async (resource: string) =>
            resource === 'history' ? { data: entries, total: entries.length } : { data: [], total: 0 }) as never,
        getManyReference: (async () => ({ data: entries, total: entries.length })) as never,
        getOne: (async () => ({ data: config })) as never,
        getMany: getMany as never,
    });
    render(
        <MemoryRouter initialEntries={[screenOf === 'list' ? '/history' : '/customers/5']}>
            <AdminContext
                dataProvider={dataProvider}
                i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                authProvider={admin}
                store={memoryStore()}
            >
                {screenOf === 'list' ? (
                    <ResourceContextProvider value="history">
                        <HistoryList />
                    </ResourceContextProvider>
                ) : (
                    <ResourceContextProvider value="customers">
                        <RecordContextProvider value={anna}>
                            <RecordHistory target="customerId" />
                        </RecordContextProvider>
                    </ResourceContextProvider>
                )}
            </AdminContext>
        </MemoryRouter>,
    );
    return getMany;
};

/** The rows of the table, newest first, once the names of the records are in. */
const rowsOnceNamed = async (locale: Locale) => {
    await screen.findAllByText(
        `Anna Teacher, ${locale === 'en' ? '08/01/2026 – 08/31/2026' : '01.08.2026 – 31.08.2026'}`,
    );
    return screen.getAllByRole('row').slice(1);
};

const linkOf = (row: HTMLElement, name: string) => within(row).getByRole('link', { name }).getAttribute('href');

describe('the history of changes', () => {
    it('names records and fields in English, sums up a closed period, its adjustments and rates, in one request per collection', async () => {
        const getMany = renderHistory('list', 'en');
        const [closed, adjusted, frozen, sold, online, rates] = await rowsOnceNamed('en');
        for (const row of [closed, adjusted, frozen, sold, online, rates]) {
            expect(row.textContent).not.toMatch(/#|\{|\[/);
        }

        expect(closed.textContent).toContain('Pay period: Anna Teacher, 08/01/2026 – 08/31/2026');
        expect(linkOf(closed, 'Anna Teacher, 08/01/2026 – 08/31/2026')).toBe('/attendances/3');
        expect(closed.textContent).toContain('Teacher: Anna Teacher');
        expect(linkOf(closed, 'Anna Teacher')).toBe('/settings/users/3');
        expect(closed.textContent).toMatch(/Classes held: 3/);
        expect(closed.textContent).toMatch(/Total: RUB\s4,200\.00/);
        expect(closed.textContent).toMatch(/Classes: 3 classes, RUB\s4,200\.00/);
        expect(closed.textContent).toContain('Closed by: Maria Manager');
        // The closer's name is told once, by the closer's field.
        expect(within(closed).getAllByText(/Closed by/)).toHaveLength(1);

        expect(adjusted.textContent).toMatch(/Adjustments: — → 1 adjustment, \+RUB\s300\.00/);
        expect(adjusted.textContent).toContain('Last adjusted on: — → 11/25/2026');

        expect(frozen.textContent).toContain('Pass: Йога 8 занятий');
        expect(linkOf(frozen, 'Йога 8 занятий')).toBe('/customers/5');
        expect(frozen.textContent).toContain('Frozen from: — → 11/23/2026');

        expect(sold.textContent).toContain('Customer: Anna Petrova');
        expect(linkOf(sold, 'Anna Petrova')).toBe('/customers/5');
        expect(sold.textContent).toContain('Plan: Yoga 8 classes');
        expect(linkOf(sold, 'Yoga 8 classes')).toBe('/settings/subscriptions/2');
        expect(sold.textContent).toContain('Directions: Yoga');
        expect(sold.textContent).toMatch(/Payment: RUB\s4,800\.00 · 11\/20\/2026/);

        expect(online.textContent).toContain('Online, by the customer');
        expect(online.textContent).toMatch(/Payment: RUB\s4,800\.00Customer/);
        expect(online.textContent).toContain('Pass: a deleted record');
        expect(online.textContent).toContain('Method: Online');

        expect(rates.textContent).toContain('User: Anna Teacher');
        expect(rates.textContent).toMatch(
            /Pay: Per class · RUB\s1,500\.00 → Per class · RUB\s1,500\.00; Per attendee · RUB\s300\.00 · only Yoga · from 12\/01\/2026/,
        );

        // One request per collection for the whole page, whatever the number of rows naming it.
        const resources = getMany.mock.calls.map(([resource]) => resource);
        expect(resources.sort()).toEqual([...new Set(resources)].sort());
        expect(resources).toContain('customers');
    });

    it('reads in Russian, with the customer paying online as its author', async () => {
        renderHistory('list', 'ru');
        const [closed, adjusted, frozen, sold, online, rates] = await rowsOnceNamed('ru');
        expect(closed.textContent).toContain('Период оплаты: Anna Teacher, 01.08.2026 – 31.08.2026');
        expect(closed.textContent).toContain('Преподаватель: Anna Teacher');
        expect(closed.textContent).toMatch(/Занятия: 3 занятия, 4\s200,00\s₽/);
        expect(closed.textContent).toContain('Кто закрыл: Maria Manager');
        expect(adjusted.textContent).toMatch(/Корректировки: — → 1 корректировка, \+300,00\s₽/);
        expect(frozen.textContent).toContain('Абонемент: Йога 8 занятий');
        expect(frozen.textContent).toContain('Заморожен с: — → 23.11.2026');
        expect(sold.textContent).toContain('Клиент: Anna Petrova');
        expect(sold.textContent).toContain('Вид абонемента: Yoga 8 classes');
        expect(online.textContent).toContain('Онлайн, сам клиент');
        expect(online.textContent).toContain('Абонемент: удалённая запись');
        expect(rates.textContent).toMatch(/За участника · 300,00\s₽ · только Yoga · с 01\.12\.2026/);
        for (const row of [closed, adjusted, frozen, sold, online, rates]) expect(row.textContent).not.toMatch(/#|\{/);
    });

    it("shows the same names on a customer's History panel", async () => {
        renderHistory('customer', 'en');
        const rows = await rowsOnceNamed('en');
        expect(rows[2].textContent).toContain('Pass: Йога 8 занятий');
        expect(rows[4].textContent).toContain('Online, by the customer');
        expect(rows.map(row => row.textContent).join('')).not.toMatch(/#|\{/);
    });
});

describe('the export of the history', () => {
    let saved: Blob[] = [];
    beforeEach(() => {
        saved = [];
        URL.createObjectURL = vi.fn((value: Blob) => {
            saved.push(value);
            return 'blob:csv';
        });
        URL.revokeObjectURL = vi.fn();
    });

    it('writes the same names and summaries as the screen', async () => {
        const dataProvider = testDataProvider({
            getOne: (async () => ({ data: config })) as never,
            getMany: getManyOf() as never,
        });
        let exporter: ReturnType<typeof useHistoryExporter> | undefined;
        const Probe = () => {
            exporter = useHistoryExporter();
            return <span>ready</span>;
        };
        render(
            <AdminContext
                dataProvider={dataProvider}
                i18nProvider={polyglotI18nProvider(() => englishMessages, 'en')}
                store={memoryStore()}
            >
                <Probe />
            </AdminContext>,
        );
        await screen.findByText('ready');
        await exporter?.(entries, vi.fn(), dataProvider, 'history');
        const csv = (await saved[0].text()).replace('\uFEFF', '');
        expect(csv).toContain('Pay period: Anna Teacher, 08/01/2026 – 08/31/2026');
        expect(csv).toMatch(/Classes: 3 classes, RUB\s4,200\.00/);
        expect(csv).toContain('Pass: Йога 8 занятий');
        expect(csv).toContain('Online, by the customer');
        expect(csv).not.toMatch(/#|\{/);
    });
});
