import { fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import {
    AdminContext,
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
import { CustomerCreate } from '../../src/resources/customers/CustomerCreate';

/*
 * What the forms' tests share (tests/ui/forms-*.test.tsx): the customer statuses, a customer, the studio's
 * settings, a data provider answering with them, and a screen rendered at an address in a language.
 */

export type Locale = 'en' | 'ru';
export const i18n = (locale: Locale) =>
    polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale);

export const statuses: Status[] = [
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
export const anna: Customer = {
    id: 42,
    createdAt: '2026-11-01T21:30:00.000Z',
    firstName: 'Anna',
    lastName: 'Petrova',
    phone: '+79821234567',
    email: 'anna@example.test',
    birthDate: null,
    status: 'active',
    source: null,
    notes: null,
    telegramLinked: false,
};
const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow', defaultLocale: 'ru' } as Config;

/** Customers as the server finds them: by the digits of the phone, or by the exact e-mail. */
const customersMatching = (filter: GetListParams['filter']): Customer[] => {
    if (filter.phoneDigits) return String(filter.phoneDigits).replace(/\D/g, '').endsWith('9821234567') ? [anna] : [];
    if (filter.email) return filter.email === anna.email ? [anna] : [];
    return [];
};

export const provider = (overrides: Partial<DataProvider> = {}) =>
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

export const renderAt = (
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
export const renderCreate = async (locale: Locale, create = vi.fn(async () => ({ data: { ...anna, id: 43 } }))) => {
    renderAt(<CustomerCreate />, {
        locale,
        path: '/customers/create',
        route: '/customers/create',
        resource: 'customers',
        dataProvider: provider({ create: create as never }),
    });
    await screen.findByText('Занимается');
    await tickPersonalData(locale);
    return create;
};

/** The new customer form's required box: the customer agrees to the processing of their personal data. */
export const tickPersonalData = async (locale: Locale) =>
    fireEvent.click(
        await screen.findByRole('switch', {
            name:
                locale === 'ru'
                    ? 'Клиент согласен на обработку персональных данных'
                    : 'The customer agrees to the processing of their personal data',
        }),
    );

export const fill = async (label: string, value: string) =>
    fireEvent.change(await screen.findByLabelText(label), { target: { value } });
