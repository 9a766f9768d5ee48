// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
    AdminContext,
    HttpError,
    memoryStore,
    ResourceContextProvider,
    testDataProvider,
    type DataProvider,
    type GetListParams,
} from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ReactNode } from 'react';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import type { Config, Customer, Status } from '../../src/domain/types';
import { CustomerCard } from '../../src/resources/customers/CustomerCard';
import { CustomerCreate } from '../../src/resources/customers/CustomerCreate';
import { useCustomerExporter, type CustomerRow } from '../../src/resources/customers/customerExporter';
import { StatusList } from '../../src/resources/statuses/StatusList';

/*
 * The forms speak the interface's language: the app's own messages, never zod's English, and a
 * warning with links when a new customer's phone or e-mail already belongs to someone.
 */

afterEach(cleanup);

type Locale = 'en' | 'ru';
const i18n = (locale: Locale) => polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale);

const statuses: Status[] = [
    {
        id: 1,
        createdAt: '',
        name: 'customer',
        code: 'lead',
        labels: { en: 'Lead', ru: 'Интерес' },
        color: '#78909c',
        order: 0,
        isDefault: false,
        charges: false,
    },
    {
        id: 2,
        createdAt: '',
        name: 'customer',
        code: 'active',
        labels: { ru: 'Занимается' },
        color: '#00a884',
        order: 1,
        isDefault: true,
        charges: false,
    },
];
const anna: Customer = {
    id: 42,
    createdAt: '2026-11-01T21:30:00.000Z',
    firstName: 'Anna',
    lastName: 'Petrova',
    phone: '+7 982 123-45-67',
    email: 'anna@example.test',
    birthDate: null,
    status: 'active',
    source: null,
    notes: null,
};
const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow', defaultLocale: 'ru' } as Config;

/** Customers as the server finds them: by the digits of the phone, or by the exact e-mail. */
const customersMatching = (filter: GetListParams['filter']): Customer[] => {
    if (filter.phoneDigits) return String(filter.phoneDigits).replace(/\D/g, '').endsWith('9821234567') ? [anna] : [];
    if (filter.email) return filter.email === anna.email ? [anna] : [];
    return [];
};

const provider = (overrides: Partial<DataProvider> = {}) =>
    testDataProvider({
        getList: (async (resource: string, params: GetListParams) => {
            const data =
                resource === 'statuses'
                    ? statuses.filter(status => status.name === params.filter.name)
                    : customersMatching(params.filter);
            return { data, total: data.length };
        }) as never,
        getOne: (async (resource: string) => ({ data: resource === 'configs' ? config : anna })) as never,
        ...overrides,
    });

const renderAt = (
    ui: ReactNode,
    {
        locale = 'en',
        path,
        route,
        resource,
        dataProvider,
    }: { locale?: Locale; path: string; route: string; resource: string; dataProvider: DataProvider },
) =>
    render(
        <MemoryRouter initialEntries={[path]}>
            <AdminContext dataProvider={dataProvider} i18nProvider={i18n(locale)} store={memoryStore()}>
                <Routes>
                    <Route
                        path={route}
                        element={<ResourceContextProvider value={resource}>{ui}</ResourceContextProvider>}
                    />
                    <Route path="/customers/:id" element={<span>a customer card</span>} />
                </Routes>
            </AdminContext>
        </MemoryRouter>,
    );

/** The new customer form, once it shows the default status (it starts again when the statuses arrive). */
const renderCreate = async (locale: Locale, create = vi.fn(async () => ({ data: { ...anna, id: 43 } }))) => {
    renderAt(<CustomerCreate />, {
        locale,
        path: '/customers/create',
        route: '/customers/create',
        resource: 'customers',
        dataProvider: provider({ create: create as never }),
    });
    await screen.findByText('Занимается');
    return create;
};

const fill = async (label: string, value: string) =>
    fireEvent.change(await screen.findByLabelText(label), { target: { value } });

describe('the messages of the new customer form', () => {
    it.each([
        ['en', 'Save', 'Required', 'Enter a valid phone number', 'First name'],
        ['ru', 'Сохранить', 'Обязательно для заполнения', 'Введите правильный номер телефона', 'Имя'],
    ] as const)('are the app messages in %s, never zod text', async (locale, save, required, phone, firstName) => {
        const create = await renderCreate(locale);
        await screen.findByLabelText(firstName);
        await fill(locale === 'en' ? 'Phone' : 'Телефон', '12');
        fireEvent.click(screen.getByRole('button', { name: save }));
        expect((await screen.findAllByText(required)).length).toBeGreaterThanOrEqual(2);
        expect(screen.getByText(phone)).toBeTruthy();
        expect(document.body.textContent).not.toMatch(/Invalid input|expected string|received undefined/);
        expect(create).not.toHaveBeenCalled();
        // No input the browser would check by itself, in its own language.
        expect(document.querySelectorAll('input[required], input[type="email"]')).toHaveLength(0);
    });
});

describe('a new customer whose phone or e-mail is taken', () => {
    it('warns with a link to that customer, and saves only on a second, deliberate click', async () => {
        const create = await renderCreate('en');
        await fill('First name', 'Anya');
        await fill('Last name', 'Petrova');
        await fill('Phone', '8 (982) 123-45-67');
        const warning = await screen.findByRole('alert');
        expect(warning.textContent).toContain('This phone number already belongs to Anna Petrova');
        expect(within(warning).getByRole('link', { name: 'Anna Petrova' }).getAttribute('href')).toBe('/customers/42');

        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        const anyway = await screen.findByRole('button', { name: 'Save anyway' });
        expect(create).not.toHaveBeenCalled();
        fireEvent.click(anyway);
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0]).toMatchObject([
            'customers',
            { data: { firstName: 'Anya', phone: '8 (982) 123-45-67', status: 'active' } },
        ]);
    });

    it('warns of a taken e-mail in Russian', async () => {
        await renderCreate('ru');
        await fill('Email', 'Anna@Example.test ');
        const warning = await screen.findByRole('alert');
        expect(warning.textContent).toContain('Этот e-mail уже есть у клиента Anna Petrova');
        fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
        expect(await screen.findByRole('button', { name: 'Всё равно сохранить' })).toBeTruthy();
    });

    it('says nothing of a number no one has', async () => {
        const create = await renderCreate('en');
        await fill('First name', 'Vera');
        await fill('Last name', 'New');
        await fill('Phone', '+7 916 000-00-01');
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(screen.queryByRole('alert')).toBeNull();
    });
});

describe('a customer that does not exist', () => {
    it('is the not-found page at once, not a retry', async () => {
        const getOne = vi.fn(async (_resource: string) =>
            Promise.reject(new HttpError('Not found', 404, { message: 'Not found' })),
        );
        renderAt(<CustomerCard />, {
            path: '/customers/99999',
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: provider({ getOne: getOne as never }),
        });
        expect(await screen.findByText('Page not found: /customers/99999', undefined, { timeout: 1000 })).toBeTruthy();
        expect(getOne.mock.calls.filter(call => call[0] === 'customers')).toHaveLength(1);
    });

    it('names an existing customer first name first', async () => {
        renderAt(<CustomerCard />, {
            path: '/customers/42',
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: provider(),
        });
        expect(await screen.findByDisplayValue('Petrova')).toBeTruthy();
    });
});

describe('the status dialog', () => {
    const renderList = (locale: Locale, create = vi.fn(async () => ({ data: { ...statuses[0], id: 9 } }))) => {
        renderAt(<StatusList name="customer" />, {
            locale,
            path: '/settings/statuses/customer',
            route: '/settings/statuses/:name',
            resource: 'statuses',
            dataProvider: provider({ create: create as never }),
        });
        return { create };
    };

    it('lists labels in the interface language, falling back to the other', async () => {
        renderList('en');
        expect(await screen.findByText('Lead')).toBeTruthy();
        expect(screen.getByText('Занимается')).toBeTruthy();
        cleanup();
        renderList('ru');
        expect(await screen.findByText('Интерес')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Изменить «Занимается»' })).toBeTruthy();
    });

    it('edits both labels, needs one, and cancels', async () => {
        const { create } = renderList('en');
        fireEvent.click(await screen.findByRole('button', { name: 'Add status' }));
        const dialog = within(await screen.findByRole('dialog'));
        fireEvent.change(dialog.getByLabelText('Code'), { target: { value: 'vip' } });
        fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
        expect(await dialog.findByText('Give the label in at least one language')).toBeTruthy();
        fireEvent.change(dialog.getByLabelText('Label in Russian'), { target: { value: 'Постоянный' } });
        await waitFor(() => expect(dialog.queryByText('Give the label in at least one language')).toBeNull());
        fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0]).toMatchObject([
            'statuses',
            { data: { code: 'vip', labels: { ru: 'Постоянный' } } },
        ]);

        fireEvent.click(await screen.findByRole('button', { name: 'Add status' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('names the status in the delete confirmation, in Russian', async () => {
        renderList('ru');
        const deletes = await screen.findAllByRole('button', { name: 'Удалить' });
        fireEvent.click(deletes[0]);
        expect(await screen.findByText('Удалить «Интерес»?')).toBeTruthy();
    });
});

describe('the customers CSV', () => {
    let saved: Blob[] = [];
    beforeEach(() => {
        saved = [];
        URL.createObjectURL = vi.fn((value: Blob) => {
            saved.push(value);
            return 'blob:csv';
        });
        URL.revokeObjectURL = vi.fn();
    });

    it.each([
        ['ru', ';', 'Фамилия;Имя', 'Petrova;Anna', 'Занимается'],
        ['en', ',', 'Last name,First name', 'Petrova,Anna', 'Занимается'],
    ] as const)(
        'opens in Excel in %s: a byte-order mark, its separator, studio dates',
        async (locale, separator, header, names, label) => {
            const dataProvider = provider();
            let exporter: ReturnType<typeof useCustomerExporter> | undefined;
            const Probe = () => {
                exporter = useCustomerExporter();
                return <span>ready</span>;
            };
            render(
                <AdminContext dataProvider={dataProvider} i18nProvider={i18n(locale)} store={memoryStore()}>
                    <Probe />
                </AdminContext>,
            );
            await screen.findByText('ready');
            // The studio's time zone is known once the settings are read.
            await waitFor(async () => {
                saved = [];
                await exporter?.([anna as CustomerRow], vi.fn(), dataProvider, 'customers');
                expect(await saved[0].text()).toContain('2026-11-02');
            });
            const bytes = new Uint8Array(await saved[0].arrayBuffer());
            expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
            const [first, row] = (await saved[0].text()).replace('\uFEFF', '').split('\n');
            expect(first.startsWith(header)).toBe(true);
            expect(row.startsWith(names)).toBe(true);
            // Created at 21:30 UTC on 1 November, which is 2 November in Moscow.
            expect(row.split(separator)).toEqual([
                'Petrova',
                'Anna',
                "'+7 982 123-45-67",
                'anna@example.test',
                '',
                label,
                '',
                '',
                '0',
                '2026-11-02',
            ]);
        },
    );
});
