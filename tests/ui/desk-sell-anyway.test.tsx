// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
    AdminContext,
    HttpError,
    memoryStore,
    RecordContextProvider,
    ResourceContextProvider,
    testDataProvider,
} from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import type { Config, Customer, Subscription } from '../../src/domain/types';
import { SellPassDialog } from '../../src/resources/customers/SellPassDialog';

/*
 * The desk's sale of a plan the customer's running membership already pays for: the server refuses it
 * (409 membership_active), the dialog says why and offers "Sell anyway", which sends the same sale with
 * force. In English and Russian.
 */

afterEach(cleanup);

const plan = {
    id: 3,
    createdAt: '',
    name: 'Monthly 8',
    price: 3500,
    visits: 8,
    validityDays: 31,
    directionIds: [],
    freezeDays: 0,
    trial: false,
    active: true,
    soldOnline: false,
    lateCancelPenalty: { kind: 'none', amount: null },
    noShowPenalty: { kind: 'none', amount: null },
    makeUps: false,
    autoRenew: true,
} as Subscription;
const customer = { id: 5, firstName: 'Anna', lastName: 'Petrova', status: 'active' } as Customer;
const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow' } as Config;
const refusal = new HttpError('The customer already has a running membership of this plan', 409, {
    message: 'The customer already has a running membership of this plan',
    errors: { subscriptionId: 'app.memberships.errors.membership_active' },
});

const renderDialog = (locale: 'en' | 'ru') => {
    const sellPass = vi.fn(async (params: Record<string, unknown>) => {
        if (!params.force) throw refusal;
        return { pass: { id: 1 }, payment: null };
    });
    const onClose = vi.fn();
    const dataProvider = {
        ...testDataProvider({
            getOne: async () => ({ data: config }) as never,
            getList: async () => ({ data: [plan], total: 1 }) as never,
            getMany: async () => ({ data: [plan] }) as never,
        }),
        sellPass,
    };
    render(
        <MemoryRouter>
            <AdminContext
                dataProvider={dataProvider}
                i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                store={memoryStore()}
            >
                <ResourceContextProvider value="customers">
                    <RecordContextProvider value={customer}>
                        <SellPassDialog open onClose={onClose} />
                    </RecordContextProvider>
                </ResourceContextProvider>
            </AdminContext>
        </MemoryRouter>,
    );
    return { sellPass, onClose };
};

const chooseThePlan = async (dialog: ReturnType<typeof within>) => {
    fireEvent.mouseDown(await dialog.findByRole('combobox', { name: /Plan|абонемента/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Monthly 8/ }));
};

describe("the desk's sale of a plan a membership pays for", () => {
    it('says why it is refused and sells anyway with force', async () => {
        const { sellPass, onClose } = renderDialog('en');
        const dialog = within(await screen.findByRole('dialog'));
        await chooseThePlan(dialog);
        expect(dialog.queryByRole('button', { name: 'Sell anyway' })).toBeNull();
        fireEvent.click(dialog.getByRole('button', { name: 'Sell a plan' }));
        expect(await dialog.findByText(/already pays for this plan each month/)).toBeTruthy();
        expect(sellPass).toHaveBeenCalledTimes(1);
        expect(sellPass.mock.calls[0][0]).not.toHaveProperty('force');
        fireEvent.click(dialog.getByRole('button', { name: 'Sell anyway' }));
        await waitFor(() => expect(sellPass).toHaveBeenCalledTimes(2));
        expect(sellPass.mock.calls[1][0]).toMatchObject({ customerId: 5, subscriptionId: 3, force: true });
        await waitFor(() => expect(onClose).toHaveBeenCalled());
    });

    it('reads in Russian', async () => {
        renderDialog('ru');
        const dialog = within(await screen.findByRole('dialog'));
        await chooseThePlan(dialog);
        fireEvent.click(dialog.getByRole('button', { name: 'Продать абонемент' }));
        expect(await dialog.findByRole('button', { name: 'Всё равно продать' })).toBeTruthy();
    });
});
