// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import type { IncomeStatistics } from '../../src/domain/api';
import type { Status } from '../../src/domain/types';
import { recordExporter } from '../../src/resources/common/exporter';
import { useCustomerExporter, type CustomerRow } from '../../src/resources/customers/customerExporter';
import IncomeStatisticsPage from '../../src/pages/statistics/IncomeStatisticsPage';

/*
 * Every export of the app writes text a spreadsheet would run as a formula (=, +, -, @) as text, with
 * the quote prefix OWASP advises; a phone number, which can run nothing, is written as it is.
 */

afterEach(cleanup);

let saved: Blob[] = [];
beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn((value: Blob) => {
        saved.push(value);
        return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
});
const savedLines = async () => (await saved[0].text()).replace('\uFEFF', '').split('\n');

const status: Status = {
    id: 1,
    createdAt: '',
    name: 'customer',
    code: 'active',
    labels: { en: '@Active' },
    color: '#2E7D32',
    order: 0,
    isDefault: true,
    charges: false,
};

describe('the customers CSV', () => {
    it('writes formula-like names and labels as text, and phones as they are', async () => {
        const dataProvider = testDataProvider({
            getList: (() => Promise.resolve({ data: [status], total: 1 })) as never,
        });
        let exporter: ReturnType<typeof useCustomerExporter> | undefined;
        const Probe = () => {
            exporter = useCustomerExporter();
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
        const customer: CustomerRow = {
            id: 7,
            createdAt: '2026-11-01T10:00:00.000Z',
            firstName: '=HYPERLINK("http://evil.test","Open")',
            lastName: '-Petrova',
            phone: '+79001234567',
            email: 'anna@example.test',
            birthDate: null,
            status: 'active',
            source: '@ads',
            notes: null,
            telegramLinked: false,
            activePass: null,
            unpaidVisits: 0,
        };
        await exporter?.([customer], vi.fn(), dataProvider, 'customers');
        const [header, row] = await savedLines();
        expect(header.split(',').slice(0, 3)).toEqual(['Last name', 'First name', 'Phone']);
        expect(row).toBe(
            `'-Petrova,"'=HYPERLINK(""http://evil.test"",""Open"")",+79001234567,anna@example.test,,'@Active,'@ads,,0,0,2026-11-01`,
        );
    });
});

describe('the export of a list without one of its own', () => {
    it('writes every field, formula-like text as text', async () => {
        await recordExporter(
            [{ id: 1, name: '=1+1', address: 'Lenina 1, Moscow', capacity: 20 }],
            vi.fn(),
            testDataProvider(),
            'settings/studios',
        );
        expect(await savedLines()).toEqual(['id,name,address,capacity', `1,'=1+1,"Lenina 1, Moscow",20`]);
    });
});

describe('the income CSV', () => {
    const statistics = {
        from: '2026-11-01',
        to: '2026-11-30',
        interval: 'month',
        comparison: { kind: 'month', length: 1 },
        toDate: null,
        total: 1500.5,
        series: [{ period: '2026-11', income: 1500.5 }],
        byMethod: [{ key: 'cash', amount: 1500.5 }],
        byPlan: [{ key: '1', label: 'Абонемент; 8 занятий', amount: 1500.5 }],
        previous: { from: '2026-10-01', to: '2026-10-31', total: 0, series: [] },
        earned: { to: '2026-11-30', total: 0, byDirection: [], byTeacher: [], byStudio: [] },
    } satisfies IncomeStatistics;

    it.each([
        ['ru', ';', ['Раздел', 'Статья', 'Сумма'], 'По видам абонементов'],
        ['en', ',', ['Section', 'Item', 'Amount'], 'By plan'],
    ] as const)(
        'opens in Excel in %s: a byte-order mark and its separator',
        async (locale, separator, header, byPlan) => {
            const dataProvider = testDataProvider({
                getOne: (async () => ({
                    data: { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow' },
                })) as never,
                getIncomeStatistics: async () => statistics,
            } as never);
            render(
                <MemoryRouter>
                    <AdminContext
                        dataProvider={dataProvider}
                        i18nProvider={polyglotI18nProvider(
                            l => (l === 'ru' ? russianMessages : englishMessages),
                            locale,
                        )}
                        store={memoryStore()}
                    >
                        <IncomeStatisticsPage />
                    </AdminContext>
                </MemoryRouter>,
            );
            const exportButton = await screen.findByRole('button', {
                name: locale === 'ru' ? 'Экспорт CSV' : 'Export CSV',
            });
            await waitFor(() => expect((exportButton as HTMLButtonElement).disabled).toBe(false));
            fireEvent.click(exportButton);
            expect(saved).toHaveLength(1);
            expect([...new Uint8Array(await saved[0].arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
            const lines = await savedLines();
            expect(lines[0]).toBe(header.join(separator));
            expect(lines).toContain([byPlan, '"Абонемент; 8 занятий"', '1500.5'].join(separator));
        },
    );
});
