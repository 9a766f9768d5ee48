// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
    AdminContext,
    HttpError,
    memoryStore,
    RecordContextProvider,
    ResourceContextProvider,
    testDataProvider,
    type AuthProvider,
    type DataProvider,
    type GetListParams,
} from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { canAccess } from '../../src/domain/permissions';
import type { Config, Customer, Role, Subscription } from '../../src/domain/types';
import { CustomerCard } from '../../src/resources/customers/CustomerCard';
import { CustomerCreate } from '../../src/resources/customers/CustomerCreate';
import { CustomerSignInLink } from '../../src/resources/customers/CustomerSignInLink';
import { SubscriptionCreate } from '../../src/resources/subscriptions/SubscriptionCreate';
import { SubscriptionEdit } from '../../src/resources/subscriptions/SubscriptionEdit';
import { SubscriptionList } from '../../src/resources/subscriptions/SubscriptionList';
import { SubscriptionShow } from '../../src/resources/subscriptions/SubscriptionShow';
import { anna, fill, i18n, statuses, tickPersonalData, type Locale } from '../support/forms';

/*
 * The staff's side of the customers' portal: a plan sold online, a customer's guardian (a parent who signs
 * in for their wards) with the server's refusal under the field, the family on the card, and the one-time
 * sign-in link a manager gives a customer.
 */

afterEach(cleanup);

const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow', defaultLocale: 'ru' } as Config;
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

/** Anna (42) is the guardian of Petya and Masha; Vera has no family. */
const petya: Customer = { ...anna, id: 50, firstName: 'Petya', lastName: 'Ivanov', email: null, guardianId: 42 };
const masha: Customer = { ...anna, id: 51, firstName: 'Masha', lastName: 'Ivanova', email: null, guardianId: 42 };
const vera: Customer = { ...anna, id: 43, firstName: 'Vera', lastName: 'Orlova', email: null, guardianId: null };
const customers = [anna, petya, masha, vera];

const authAs = (role: Role): AuthProvider => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    canAccess: async ({ resource, action }) =>
        canAccess(role, { resource: resource.replace(/^settings\//, ''), action }),
});

/** Customers as the server filters them: by guardian (null: nobody's ward), leaving one out, and by name. */
const customersMatching = (filter: GetListParams['filter']): Customer[] =>
    customers.filter(
        customer =>
            (!('guardianId' in filter) || (customer.guardianId ?? null) === filter.guardianId) &&
            customer.id !== filter.id_ne &&
            (!filter.q || `${customer.firstName} ${customer.lastName}`.includes(filter.q)),
    );

const provider = (overrides: Partial<DataProvider> = {}) =>
    testDataProvider({
        getList: (async (resource: string, params: GetListParams) => {
            const data =
                resource === 'statuses'
                    ? statuses.filter(status => status.name === params.filter.name)
                    : resource === 'customers'
                      ? customersMatching(params.filter)
                      : [];
            return { data, total: data.length };
        }) as never,
        getOne: (async (resource: string, { id }: { id: number }) => ({
            data: resource === 'configs' ? config : customers.find(customer => customer.id === Number(id)),
        })) as never,
        getMany: (async (_resource: string, { ids }: { ids: number[] }) => ({
            data: customers.filter(customer => ids.map(Number).includes(customer.id)),
        })) as never,
        getManyReference: (async () => ({ data: [], total: 0 })) as never,
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
        role,
    }: {
        locale?: Locale;
        path: string;
        route: string;
        resource: string;
        dataProvider: DataProvider;
        role?: Role;
    },
) =>
    render(
        <MemoryRouter initialEntries={[path]}>
            <AdminContext
                dataProvider={dataProvider}
                authProvider={role && authAs(role)}
                i18nProvider={i18n(locale)}
                store={memoryStore()}
            >
                <Routes>
                    <Route
                        path={route}
                        element={<ResourceContextProvider value={resource}>{ui}</ResourceContextProvider>}
                    />
                    <Route path="*" element={<span>elsewhere</span>} />
                </Routes>
            </AdminContext>
        </MemoryRouter>,
    );

describe('a plan sold online', () => {
    it('is saved from the new plan form', async () => {
        const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 9 } }));
        renderAt(<SubscriptionCreate />, {
            path: '/settings/subscriptions/create',
            route: '/settings/subscriptions/create',
            resource: 'settings/subscriptions',
            dataProvider: provider({ create: create as never }),
        });
        await fill('Name', 'Online 4');
        await fill('Price', '3000');
        const sold = screen.getByRole('switch', { name: 'Sold online' }) as HTMLInputElement;
        expect(sold.checked).toBe(false);
        expect(screen.getByText('Customers may buy it themselves in the portal')).toBeTruthy();
        fireEvent.click(sold);
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0][1].data).toMatchObject({ name: 'Online 4', price: 3000, soldOnline: true });
    });

    it('is switched on the plan page in Russian', async () => {
        const update = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data }));
        renderAt(<SubscriptionEdit />, {
            locale: 'ru',
            path: '/settings/subscriptions/3',
            route: '/settings/subscriptions/:id',
            resource: 'settings/subscriptions',
            dataProvider: provider({
                getOne: (async (resource: string) => ({ data: resource === 'configs' ? config : plan })) as never,
                update: update as never,
            }),
        });
        expect(await screen.findByDisplayValue('8 занятий')).toBeTruthy();
        fireEvent.click(screen.getByRole('switch', { name: 'Продаётся онлайн' }));
        fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
        await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
        expect(update.mock.calls[0][1].data).toMatchObject({ id: 3, soldOnline: true });
    });

    it('is shown on the page a manager reads and in the list', async () => {
        const dataProvider = provider({
            getOne: (async (resource: string) => ({
                data: resource === 'configs' ? config : { ...plan, soldOnline: true },
            })) as never,
            getList: (async () => ({ data: [{ ...plan, soldOnline: true }], total: 1 })) as never,
        });
        renderAt(<SubscriptionShow />, {
            path: '/settings/subscriptions/3',
            route: '/settings/subscriptions/:id',
            resource: 'settings/subscriptions',
            dataProvider,
        });
        const label = await screen.findByText('Sold online');
        expect(label.closest('.ra-field')?.querySelector('[data-testid="true"]')).toBeTruthy();
        cleanup();
        renderAt(<SubscriptionList />, {
            path: '/settings/subscriptions',
            route: '/settings/subscriptions',
            resource: 'settings/subscriptions',
            dataProvider,
        });
        const header = await screen.findByRole('columnheader', { name: 'Sold online' });
        const column = [...header.parentElement!.children].indexOf(header);
        const row = (await screen.findByText('8 занятий')).closest('tr') as HTMLElement;
        expect(row.children[column].querySelector('[data-testid="true"]')).toBeTruthy();
    });
});

/** Picks a customer in the Guardian field by typing part of their name. */
const chooseGuardian = async (label: string, typed: string, option: string) => {
    const input = await screen.findByRole('combobox', { name: label });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.click(await screen.findByRole('option', { name: option }));
};

const guardianRefused = () =>
    Promise.reject(
        new HttpError("The guardian must be another customer who is nobody's ward", 400, {
            message: "The guardian must be another customer who is nobody's ward",
            errors: { guardianId: 'app.validation.guardian' },
        }),
    );

describe("a customer's guardian in the form", () => {
    const renderCard = (customer: Customer, options: { locale?: Locale; dataProvider?: DataProvider } = {}) =>
        renderAt(<CustomerCard />, {
            locale: options.locale,
            path: `/customers/${customer.id}`,
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: options.dataProvider ?? provider(),
        });

    it("offers customers who are nobody's ward, other than this one, and saves the one chosen", async () => {
        const getList = vi.fn(async (resource: string, params: GetListParams) => {
            const data = resource === 'customers' ? customersMatching(params.filter) : [];
            return { data, total: data.length };
        });
        const update = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data }));
        renderCard(vera, { dataProvider: provider({ getList: getList as never, update: update as never }) });
        expect(await screen.findByDisplayValue('Orlova')).toBeTruthy();
        expect(
            screen.getByText(
                'Signs in to the portal for this customer: books, cancels and pays for them and receives their messages',
            ),
        ).toBeTruthy();
        await chooseGuardian('Guardian', 'A', 'Anna Petrova');
        expect(getList).toHaveBeenCalledWith(
            'customers',
            expect.objectContaining({ filter: expect.objectContaining({ guardianId: null, id_ne: 43 }) }),
        );
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
        // Message choices never made stay unmade (the switches show them on).
        expect(update.mock.calls[0][1].data).toMatchObject({ id: 43, guardianId: 42, notify: null });
    });

    it.each([
        [
            'en',
            'Guardian',
            'Save',
            "The guardian must be another customer who is nobody's ward and has no wards of their own",
        ],
        ['ru', 'Опекун', 'Сохранить', 'Опекуном может быть только другой клиент, который сам не подопечный'],
    ] as const)("shows the server's refusal under the field (%s)", async (locale, label, save, message) => {
        const update = vi.fn(guardianRefused);
        renderCard(vera, { locale, dataProvider: provider({ update: update as never }) });
        expect(await screen.findByDisplayValue('Orlova')).toBeTruthy();
        await chooseGuardian(label, 'Anna', 'Anna Petrova');
        fireEvent.click(screen.getByRole('button', { name: save }));
        const error = await screen.findByText(message);
        expect(error.closest('.MuiFormControl-root')?.querySelector('input')?.id).toBe(
            screen.getByRole('combobox', { name: label }).id,
        );
        // The field says why; no toast repeats the server's English.
        expect(screen.queryByText(/nobody's ward$/)).toBeNull();
    });

    it("is sent with a new customer, and the server's refusal shows under the field", async () => {
        const create = vi.fn(guardianRefused);
        renderAt(<CustomerCreate />, {
            path: '/customers/create',
            route: '/customers/create',
            resource: 'customers',
            dataProvider: provider({ create: create as never }),
        });
        await screen.findByText('Занимается');
        await tickPersonalData('en');
        await fill('First name', 'Kolya');
        await fill('Last name', 'Petrov');
        await fill('Phone', '+7 916 000-00-09');
        await chooseGuardian('Guardian', 'Anna', 'Anna Petrova');
        // On a loaded machine the form may still be settling the choice when Save is first pressed: pressed
        // again until it sends (a form being sent disables its Save, so it never sends twice).
        await waitFor(() => {
            if (create.mock.calls.length === 0) fireEvent.click(screen.getByRole('button', { name: 'Save' }));
            expect(create).toHaveBeenCalled();
        });
        expect(create).toHaveBeenCalledTimes(1);
        expect(create.mock.calls[0]).toMatchObject(['customers', { data: { firstName: 'Kolya', guardianId: 42 } }]);
        expect(
            await screen.findByText(
                "The guardian must be another customer who is nobody's ward and has no wards of their own",
            ),
        ).toBeTruthy();
        expect(screen.queryByText(/nobody's ward$/)).toBeNull();
    });

    it('is shut for a customer who has wards', async () => {
        renderCard(anna);
        expect(await screen.findByText('Has children in their care, so has no guardian of their own')).toBeTruthy();
        expect(screen.getByRole('combobox', { name: 'Guardian' }).hasAttribute('disabled')).toBe(true);
    });
});

describe('the message choices of a customer who never made any', () => {
    it('save only the one turned off, so that the card can be saved at all', async () => {
        const update = vi.fn(async (_resource: string, { data }: { data: Partial<Customer> }) => ({ data }));
        renderAt(<CustomerCard />, {
            path: '/customers/43',
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: provider({ update: update as never }),
        });
        fireEvent.click(await screen.findByText('Messages they take'));
        fireEvent.click(await screen.findByRole('switch', { name: 'Booked' }));
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
        expect(update.mock.calls[0][1].data.notify).toEqual({ kinds: { booked: false } });
    });
});

describe('the family on the card', () => {
    it.each([
        ['en', 'Guardian:'],
        ['ru', 'Опекун:'],
    ] as const)("links a ward's guardian (%s)", async (locale, label) => {
        renderAt(<CustomerCard />, {
            locale,
            path: '/customers/50',
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: provider(),
        });
        const family = await screen.findByTestId('customer-family');
        expect(within(family).getByText(label)).toBeTruthy();
        expect(within(family).getByRole('link', { name: 'Anna Petrova' }).getAttribute('href')).toBe('/customers/42');
    });

    it.each([
        ['en', 'Children:'],
        ['ru', 'Подопечные:'],
    ] as const)("links a guardian's wards (%s)", async (locale, label) => {
        const getList = vi.fn(async (resource: string, params: GetListParams) => {
            const data = resource === 'customers' ? customersMatching(params.filter) : [];
            return { data, total: data.length };
        });
        renderAt(<CustomerCard />, {
            locale,
            path: '/customers/42',
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: provider({ getList: getList as never }),
        });
        const family = await screen.findByTestId('customer-family');
        expect(within(family).getByText(label)).toBeTruthy();
        expect(within(family).getByRole('link', { name: 'Petya Ivanov' }).getAttribute('href')).toBe('/customers/50');
        expect(within(family).getByRole('link', { name: 'Masha Ivanova' }).getAttribute('href')).toBe('/customers/51');
        expect(getList).toHaveBeenCalledWith('customers', expect.objectContaining({ filter: { guardianId: 42 } }));
    });

    it('says nothing of a customer on their own', async () => {
        renderAt(<CustomerCard />, {
            path: '/customers/43',
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: provider(),
        });
        expect(await screen.findByDisplayValue('Orlova')).toBeTruthy();
        expect(screen.queryByTestId('customer-family')).toBeNull();
    });
});

describe('the sign-in link', () => {
    const link = { url: 'http://localhost:3000/my/link/abc123', expiresAt: '2026-11-28T07:00:00.000Z' };
    const renderLink = (
        makeSignInLink: () => Promise<typeof link>,
        { locale = 'en', role = 'manager' }: { locale?: Locale; role?: Role } = {},
    ) =>
        render(
            <MemoryRouter>
                <AdminContext
                    dataProvider={{ ...provider(), makeSignInLink } as DataProvider}
                    authProvider={authAs(role)}
                    i18nProvider={i18n(locale)}
                    store={memoryStore()}
                >
                    <ResourceContextProvider value="customers">
                        <RecordContextProvider value={anna}>
                            <CustomerSignInLink />
                            <span>card</span>
                        </RecordContextProvider>
                    </ResourceContextProvider>
                </AdminContext>
            </MemoryRouter>,
        );

    it.each([
        ['en', 'Sign-in link', 'Valid until 11/28/2026 10:00 AM', 'It works once', 'Copy link'],
        [
            'ru',
            'Ссылка для входа',
            'Действует до 28.11.2026 10:00',
            'Ссылка срабатывает один раз',
            'Скопировать ссылку',
        ],
    ] as const)(
        'shows the address made, when it ends and that it works once (%s)',
        async (locale, button, until, once, copy) => {
            const makeSignInLink = vi.fn(async () => link);
            renderLink(makeSignInLink, { locale });
            fireEvent.click(await screen.findByRole('button', { name: button }));
            const dialog = within(await screen.findByRole('dialog'));
            expect(await dialog.findByDisplayValue(link.url)).toBeTruthy();
            expect(makeSignInLink).toHaveBeenCalledWith({ id: 42 });
            expect(dialog.getByText(new RegExp(once))).toBeTruthy();
            expect(dialog.getByText(new RegExp(until))).toBeTruthy();
            expect(dialog.getByRole('button', { name: copy })).toBeTruthy();
            // Opening the link here would not help the customer: there is nothing to open it with.
            expect(dialog.queryByRole('link')).toBeNull();
        },
    );

    it('copies the address', async () => {
        const writeText = vi.fn(async () => undefined);
        Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
        renderLink(async () => link);
        fireEvent.click(await screen.findByRole('button', { name: 'Sign-in link' }));
        fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
        await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.url));
    });

    it('says why when the server refuses', async () => {
        renderLink(() => Promise.reject(new HttpError('Not found', 404, { message: 'Not found' })));
        fireEvent.click(await screen.findByRole('button', { name: 'Sign-in link' }));
        expect(await screen.findByText('The link could not be made: Not found')).toBeTruthy();
    });

    it('is not offered to a teacher', async () => {
        renderLink(async () => link, { role: 'teacher' });
        await screen.findByText('card');
        await new Promise(resolve => setTimeout(resolve, 50));
        expect(screen.queryByRole('button', { name: 'Sign-in link' })).toBeNull();
    });
});
