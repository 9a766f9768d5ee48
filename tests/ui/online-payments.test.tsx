// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
    AdminContext,
    memoryStore,
    Notification,
    RecordContextProvider,
    ResourceContextProvider,
    testDataProvider,
    type AuthProvider,
    type DataProvider,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { formatDateTime } from '../../src/app/i18n/dates';
import { canAccess } from '../../src/domain/permissions';
import type { Config, OnlinePayment, Payment, Role } from '../../src/domain/types';
import { ConfigPage } from '../../src/resources/configs/ConfigPage';
import { CustomerOnlinePayments } from '../../src/resources/customers/CustomerOnlinePayments';
import type { PassRow } from '../../src/resources/customers/PassFields';
import { RefundDialog } from '../../src/resources/customers/RefundDialog';
import { anna, i18n, type Locale } from '../support/forms';

/*
 * Online payments on the staff's screens: the customer's attempts to pay on a provider's page, listed on
 * the card with their state and why they were declined or given back; the refund dialog saying whether
 * the provider is still giving the money back or the refund is recorded; and the receipt settings.
 */

afterEach(cleanup);

const config = {
    id: 'general',
    createdAt: '2026-01-01T00:00:00.000Z',
    studioName: 'Pulse',
    currency: 'RUB',
    timezone: 'Europe/Moscow',
    country: 'RU',
    defaultLocale: 'ru',
    paymentLinkTtlHours: 72,
    expiringPassDays: 7,
    lowVisitsThreshold: 2,
    receiptTaxSystem: null,
    receiptVat: 'none',
    receiptPaymentMode: 'full_payment',
} as Config;

const authAs = (role: Role): AuthProvider => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    getIdentity: async () => ({ id: 1, fullName: 'Olga Admin' }),
    canAccess: async ({ resource, action }) =>
        canAccess(role, { resource: resource.replace(/^settings\//, ''), action }),
});

const provider = (overrides: Partial<DataProvider> & Record<string, unknown> = {}) =>
    testDataProvider({
        getOne: (async () => ({ data: config })) as never,
        getList: (async () => ({ data: [], total: 0 })) as never,
        getMany: (async () => ({ data: [] })) as never,
        getManyReference: (async () => ({ data: [], total: 0 })) as never,
        ...overrides,
    } as never);

const renderCard = (
    ui: ReactNode,
    { locale = 'en', role = 'manager', dataProvider }: { locale?: Locale; role?: Role; dataProvider: DataProvider },
) =>
    render(
        <MemoryRouter>
            <AdminContext
                dataProvider={dataProvider}
                authProvider={authAs(role)}
                i18nProvider={i18n(locale)}
                store={memoryStore()}
            >
                <ResourceContextProvider value="customers">
                    <RecordContextProvider value={anna}>
                        {ui}
                        <Notification />
                    </RecordContextProvider>
                </ResourceContextProvider>
            </AdminContext>
        </MemoryRouter>,
    );

const attempt = (id: string, fields: Partial<OnlinePayment> = {}): OnlinePayment => ({
    id,
    createdAt: '2026-11-25T09:00:00.000Z',
    paymentLinkId: 'link-1',
    provider: 'yookassa',
    providerPaymentId: `yk-${id}`,
    providerTransactionId: null,
    amount: 5200,
    currency: 'RUB',
    customerId: anna.id,
    purpose: 'sale',
    subscriptionId: 3,
    passId: null,
    penaltyId: null,
    status: 'succeeded',
    reason: null,
    confirmationUrl: null,
    receiptContact: anna.email ?? null,
    paymentId: null,
    refundKey: null,
    providerRefundId: null,
    updatedAt: '2026-11-25T09:05:00.000Z',
    settledAt: null,
    refunds: [],
    refundPending: false,
    ...fields,
});

describe("the customer's online payments on the card", () => {
    // Newest first, as the server answers the request sorted by createdAt, descending.
    const attempts = [
        attempt('c', {
            createdAt: '2026-11-27T15:30:00.000Z',
            status: 'refunded',
            reason: 'link_cancelled',
            amount: 4000,
        }),
        attempt('b', { createdAt: '2026-11-26T12:00:00.000Z', status: 'declined', reason: 'insufficient_funds' }),
        attempt('a', { createdAt: '2026-11-25T09:00:00.000Z', status: 'succeeded', paymentId: 77 }),
    ];

    const listing = (data: OnlinePayment[]) => vi.fn(async () => ({ data, total: data.length }));
    const rowOf = (chip: HTMLElement) => within(chip.closest('tr') as HTMLElement);
    const chips = (section: HTMLElement) =>
        Array.from(section.querySelectorAll('tbody tr .MuiChip-label')).map(chip => chip.textContent);

    it('lists them newest first with the amount, the state and why it was declined or given back', async () => {
        const getManyReference = listing(attempts);
        renderCard(<CustomerOnlinePayments />, {
            dataProvider: provider({ getManyReference: getManyReference as never }),
        });
        const section = await screen.findByRole('region', { name: 'Online payments' });
        const refunded = rowOf(await within(section).findByText('Given back'));
        refunded.getByText('the link was cancelled');
        refunded.getByText('RUB 4,000.00');
        // In the studio's time zone, once its settings are read.
        await refunded.findByText(formatDateTime(attempts[0].createdAt, 'en', 'Europe/Moscow'));
        const declined = rowOf(within(section).getByText('Declined'));
        declined.getByText('not enough money on the card');
        declined.getByText('RUB 5,200.00');
        // A payment that went through has no reason to give.
        const paid = rowOf(within(section).getByText('Paid'));
        expect(paid.queryByText(/the link|money on the card/)).toBeNull();
        paid.getByText('yk-a');
        expect(chips(section)).toEqual(['Given back', 'Declined', 'Paid']);
        within(section).getByText('State');
        within(section).getByText('Amount');
        expect(getManyReference).toHaveBeenCalledWith(
            'onlinePayments',
            expect.objectContaining({
                target: 'customerId',
                id: anna.id,
                sort: { field: 'createdAt', order: 'DESC' },
            }),
        );
    });

    it('words a reason it has no words for as a plain decline', async () => {
        const odd = attempt('d', { status: 'failed', reason: 'three_ds_timeout' });
        renderCard(<CustomerOnlinePayments />, {
            dataProvider: provider({ getManyReference: listing([odd]) as never }),
        });
        const section = await screen.findByRole('region', { name: 'Online payments' });
        rowOf(await within(section).findByText('Failed')).getByText('declined');
    });

    it('reads in Russian', async () => {
        renderCard(<CustomerOnlinePayments />, {
            locale: 'ru',
            dataProvider: provider({ getManyReference: listing(attempts) as never }),
        });
        const section = await screen.findByRole('region', { name: 'Онлайн-оплаты' });
        const refunded = rowOf(await within(section).findByText('Возвращён'));
        refunded.getByText('ссылка была отменена');
        refunded.getByText(/^4\s000,00\s₽$/);
        // In the studio's time zone, once its settings are read.
        await refunded.findByText(formatDateTime(attempts[0].createdAt, 'ru', 'Europe/Moscow'));
        rowOf(within(section).getByText('Отклонён')).getByText('недостаточно средств на карте');
        expect(chips(section)).toEqual(['Возвращён', 'Отклонён', 'Оплачен']);
        within(section).getByText('Состояние');
        within(section).getByText('Сумма');
    });

    it('says when nothing was paid online, in both languages', async () => {
        renderCard(<CustomerOnlinePayments />, { dataProvider: provider() });
        const section = await screen.findByRole('region', { name: 'Online payments' });
        await within(section).findByText('Nothing was paid online yet');
        cleanup();

        renderCard(<CustomerOnlinePayments />, { locale: 'ru', dataProvider: provider() });
        const russian = await screen.findByRole('region', { name: 'Онлайн-оплаты' });
        await within(russian).findByText('Онлайн-оплат пока не было');
    });

    it('shows nothing to a teacher, who may not list online payments, and asks nothing', async () => {
        const getManyReference = listing(attempts);
        const auth = authAs('teacher');
        const asked = vi.fn(async (params: { resource: string; action: string }) =>
            canAccess('teacher', { resource: params.resource, action: params.action }),
        );
        render(
            <MemoryRouter>
                <AdminContext
                    dataProvider={provider({ getManyReference: getManyReference as never })}
                    authProvider={{ ...auth, canAccess: asked }}
                    i18nProvider={i18n('en')}
                    store={memoryStore()}
                >
                    <ResourceContextProvider value="customers">
                        <RecordContextProvider value={anna}>
                            <CustomerOnlinePayments />
                        </RecordContextProvider>
                    </ResourceContextProvider>
                </AdminContext>
            </MemoryRouter>,
        );
        await waitFor(() =>
            expect(asked).toHaveBeenCalledWith(expect.objectContaining({ resource: 'onlinePayments', action: 'list' })),
        );
        // Once the answer is in, the card stays as it is.
        await act(async () => undefined);
        expect(screen.queryByRole('region', { name: 'Online payments' })).toBeNull();
        expect(screen.queryByText('Given back')).toBeNull();
        expect(getManyReference).not.toHaveBeenCalled();
    });
});

describe('the refund dialog', () => {
    const pass = {
        id: 9,
        name: '8 classes',
        startsOn: '2026-11-01',
        endsOn: '2026-12-05',
        price: 5200,
        paid: 5200,
        refunded: 0,
    } as PassRow;
    const paidOnline = {
        id: 70,
        createdAt: '2026-11-01T10:00:00.000Z',
        customerId: anna.id,
        kind: 'payment',
        amount: 5200,
        method: 'online',
        passId: pass.id,
        paymentLinkId: 'link-1',
        paidAt: '2026-11-01T10:00:00.000Z',
        note: null,
        correctsId: null,
        createdBy: null,
    } as Payment;

    /** The dialog on the customer's card, with the customer's payments and passes as the server lists them. */
    const renderDialog = (
        locale: Locale,
        refund: (params: unknown) => Promise<unknown>,
        { payments = [] as Payment[], forPass }: { payments?: Payment[]; forPass?: PassRow } = {},
    ) => {
        const onClose = vi.fn();
        const lists: Record<string, object[]> = { payments, passes: [pass] };
        renderCard(<RefundDialog pass={forPass} open onClose={onClose} />, {
            locale,
            dataProvider: provider({
                getList: (async (resource: string) => ({
                    data: lists[resource] ?? [],
                    total: lists[resource]?.length ?? 0,
                })) as never,
                getMany: (async (resource: string) => ({ data: resource === 'passes' ? [pass] : [] })) as never,
                // The app's own method (StudioDataProvider), as a plain function.
                refund,
            }),
        });
        return onClose;
    };

    const words = {
        en: {
            refund: 'Refund',
            method: 'Method',
            online: 'Online',
            amount: 'Amount',
            pending: 'The payment provider is giving the money back: the refund is recorded when it confirms',
            recorded: 'The refund is recorded',
        },
        ru: {
            refund: 'Возврат',
            method: 'Способ оплаты',
            online: 'Онлайн',
            amount: 'Сумма',
            pending: 'Платёжный провайдер возвращает деньги: возврат запишется, когда он подтвердит',
            recorded: 'Возврат записан',
        },
    } as const;

    it.each(['en', 'ru'] as const)(
        'says the provider is giving the money back when the refund online waits for it (%s)',
        async locale => {
            const said = words[locale];
            const refund = vi.fn(async (_params: unknown) => ({ pending: true }));
            const onClose = renderDialog(locale, refund, { payments: [paidOnline], forPass: pass });
            const dialog = within(await screen.findByRole('dialog', { name: said.refund }));
            // Money that came in online goes back online unless the desk chooses otherwise.
            const method = await dialog.findByRole('combobox', { name: said.method });
            await waitFor(() => expect(method.textContent).toBe(said.online));
            fireEvent.click(dialog.getByRole('button', { name: said.refund }));
            await waitFor(() =>
                expect(refund).toHaveBeenCalledWith(
                    expect.objectContaining({
                        customerId: anna.id,
                        passId: pass.id,
                        amount: 5200,
                        method: 'online',
                        cancelPass: false,
                    }),
                ),
            );
            expect(await screen.findByText(said.pending)).toBeTruthy();
            expect(screen.queryByText(said.recorded)).toBeNull();
            await waitFor(() => expect(onClose).toHaveBeenCalled());
        },
    );

    it.each(['en', 'ru'] as const)('says the refund is recorded when the server recorded it (%s)', async locale => {
        const said = words[locale];
        const payment = { ...paidOnline, id: 71, kind: 'refund', amount: 500, method: 'cash', passId: null };
        const refund = vi.fn(async (_params: unknown) => ({ pending: false, payment, pass: null }));
        const onClose = renderDialog(locale, refund);
        const dialog = within(await screen.findByRole('dialog', { name: said.refund }));
        fireEvent.change(dialog.getByLabelText(new RegExp(`^${said.amount}`)), { target: { value: '500' } });
        fireEvent.click(dialog.getByRole('button', { name: said.refund }));
        await waitFor(() =>
            expect(refund).toHaveBeenCalledWith(
                expect.objectContaining({ customerId: anna.id, passId: null, amount: 500, method: 'cash' }),
            ),
        );
        expect(await screen.findByText(said.recorded)).toBeTruthy();
        expect(screen.queryByText(said.pending)).toBeNull();
        await waitFor(() => expect(onClose).toHaveBeenCalled());
    });
});

describe('the receipt settings', () => {
    const renderSettings = (locale: Locale, update = vi.fn()) => {
        render(
            <MemoryRouter initialEntries={['/configs']}>
                <AdminContext
                    dataProvider={provider({
                        update: update as never,
                        // What the settings page asks besides the record: nothing to show here.
                        getPaymentSetup: async () => null,
                        getMessageSetup: async () => null,
                    })}
                    authProvider={authAs('admin')}
                    i18nProvider={i18n(locale)}
                    store={memoryStore()}
                >
                    <ConfigPage />
                    <Notification />
                </AdminContext>
            </MemoryRouter>,
        );
        return update;
    };

    const optionsOf = async (combobox: HTMLElement) => {
        fireEvent.mouseDown(combobox);
        const listbox = await screen.findByRole('listbox');
        // react-admin adds a blank choice to a select the form does not mark required: only the named ones count.
        const options = within(listbox)
            .getAllByRole('option')
            .map(option => option.textContent?.trim())
            .filter(Boolean);
        fireEvent.keyDown(listbox, { key: 'Escape' });
        await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
        return options;
    };

    const choices = {
        en: {
            taxSystem: 'Taxation system on receipts',
            vat: 'VAT of the classes',
            paymentMode: 'Receipts settle',
            help: 'Online payments send a fiscal receipt (54-FZ) to the customer through the payment provider.',
            taxSystems: [
                'No receipts through the payment provider',
                'General (OSN)',
                'Simplified, income (USN)',
                'Simplified, income less expenses (USN)',
                'Agricultural tax (ESKhN)',
                'Patent (PSN)',
            ],
            vats: [
                'No VAT',
                'VAT 0%',
                'VAT 5%',
                'VAT 7%',
                'VAT 10%',
                'VAT 20%',
                'VAT 10/110',
                'VAT 20/120',
                'VAT 22%',
                'VAT 22/122',
            ],
            paymentModes: ['Full payment', 'Full prepayment (an advance)'],
        },
        ru: {
            taxSystem: 'Система налогообложения в чеках',
            vat: 'НДС занятий',
            paymentMode: 'Способ расчёта в чеках',
            help: 'При онлайн-оплате покупатель получает кассовый чек (54-ФЗ) через платёжного провайдера.',
            taxSystems: [
                'Без чеков через платёжного провайдера',
                'Общая (ОСН)',
                'Упрощённая, доходы (УСН доходы)',
                'Упрощённая, доходы минус расходы (УСН доходы − расходы)',
                'Единый сельхозналог (ЕСХН)',
                'Патент (ПСН)',
            ],
            vats: [
                'Без НДС',
                'НДС 0%',
                'НДС 5%',
                'НДС 7%',
                'НДС 10%',
                'НДС 20%',
                'НДС 10/110',
                'НДС 20/120',
                'НДС 22%',
                'НДС 22/122',
            ],
            paymentModes: ['Полный расчёт', 'Предоплата 100% (аванс)'],
        },
    } as const;

    it.each(['en', 'ru'] as const)('show their labels and choices (%s)', async locale => {
        const said = choices[locale];
        renderSettings(locale);
        const taxSystem = await screen.findByRole('combobox', { name: new RegExp(`^${said.taxSystem}`) });
        screen.getByText(said.help);
        // The first choice is none: no taxation system, no receipts through the provider.
        expect(await optionsOf(taxSystem)).toEqual(said.taxSystems);

        const vat = screen.getByRole('combobox', { name: new RegExp(`^${said.vat}`) });
        expect(vat.textContent).toBe(said.vats[0]);
        expect(await optionsOf(vat)).toEqual(said.vats);

        const paymentMode = screen.getByRole('combobox', { name: new RegExp(`^${said.paymentMode}`) });
        expect(paymentMode.textContent).toBe(said.paymentModes[0]);
        expect(await optionsOf(paymentMode)).toEqual(said.paymentModes);
    });

    it('save the taxation system chosen, and none again as null', async () => {
        const update = vi.fn(async (_resource: string, { data }: { data: object }) => ({ data }));
        renderSettings('en', update);
        const said = choices.en;
        const taxSystem = await screen.findByRole('combobox', { name: new RegExp(`^${said.taxSystem}`) });
        await screen.findByDisplayValue('Pulse');
        fireEvent.mouseDown(taxSystem);
        fireEvent.click(await screen.findByRole('option', { name: said.taxSystems[2] }));
        await waitFor(() => expect(taxSystem.textContent).toBe(said.taxSystems[2]));
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
        expect(update.mock.calls[0][1].data).toMatchObject({
            receiptTaxSystem: 'usn_income',
            receiptVat: 'none',
            receiptPaymentMode: 'full_payment',
        });

        // The form is read again once saved: the select is found anew.
        const saved = await screen.findByRole('combobox', { name: new RegExp(`^${said.taxSystem}`) });
        fireEvent.mouseDown(saved);
        // react-admin names the empty choice "Clear value" for screen readers: it is found by what it reads.
        fireEvent.click(within(await screen.findByRole('listbox')).getByText(said.taxSystems[0]));
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
        expect(update.mock.calls[1][1].data).toMatchObject({ receiptTaxSystem: null });
    });
});
