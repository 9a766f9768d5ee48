// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
    AdminContext,
    memoryStore,
    RecordContextProvider,
    ResourceContextProvider,
    ResourceDefinitionContextProvider,
    testDataProvider,
} from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { passForSale } from '../../src/domain/money';
import { addDays, studioToday } from '../../src/domain/time';
import type {
    Attendance,
    Config,
    Course,
    Customer,
    Pass,
    Payment,
    StudioEvent,
    Subscription,
} from '../../src/domain/types';
import { CustomerPasses } from '../../src/resources/customers/CustomerPasses';
import { CustomerPayments } from '../../src/resources/customers/CustomerPayments';
import { CustomerVisits } from '../../src/resources/customers/CustomerVisits';
import { RefundDialog } from '../../src/resources/customers/RefundDialog';
import { SettleDebtsDialog } from '../../src/resources/customers/SettleDebtsDialog';
import events from '../../src/resources/events';

afterEach(cleanup);

const today = studioToday('Europe/Moscow', new Date());
const plan: Subscription = {
    id: 3,
    createdAt: '',
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
const customer = {
    id: 5,
    firstName: 'Anna',
    lastName: 'Petrova',
    phone: '+7 900 000-00-00',
    status: 'active',
} as Customer;
const buildPass = (id: number, fields: Partial<Pass> = {}): Pass => ({
    id,
    createdAt: '',
    ...passForSale(plan, 5, addDays(today, -3)),
    ...fields,
});
const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow' } as Config;

const passes: (Pass & { paid?: number; balanceDue?: number })[] = [
    buildPass(1, { visitsUsed: 3 }),
    buildPass(2, { visitsUsed: 8, name: 'Old pass' }),
    buildPass(3, { cancelled: true, name: 'Refunded pass' }),
    { ...buildPass(4, { name: 'Part paid' }), paid: 2000, balanceDue: 3200 },
];

const renderPasses = (locale: 'en' | 'ru' = 'en', freezeDays = plan.freezeDays) => {
    const sellPass = vi.fn(async () => ({ pass: passes[0], payment: null }));
    const getOne = vi.fn(
        async (resource: string) =>
            ({ data: resource === 'settings/subscriptions' ? { ...plan, freezeDays } : config }) as never,
    );
    const dataProvider = {
        ...testDataProvider({
            getManyReference: async () => ({ data: passes, total: passes.length }) as never,
            getOne,
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
                        <CustomerPasses />
                    </RecordContextProvider>
                </ResourceContextProvider>
            </AdminContext>
        </MemoryRouter>,
    );
    return { sellPass, getOne };
};

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('the passes on the customer card', () => {
    it('shows each pass with its state today, visits left, and only the actions that apply', async () => {
        renderPasses();
        const active = within(await rowOf('8 занятий'));
        expect(active.getByText('Active')).toBeTruthy();
        expect(active.getByText('5 / 8')).toBeTruthy();
        expect(await active.findByRole('button', { name: 'Freeze' })).toBeTruthy();
        const usedUp = within(await rowOf('Old pass'));
        expect(usedUp.getByText('Used up')).toBeTruthy();
        expect(usedUp.queryByRole('button', { name: 'Freeze' })).toBeNull();
        const cancelled = within(await rowOf('Refunded pass'));
        expect(cancelled.getByText('Cancelled')).toBeTruthy();
        // Nothing left to do with its money; its history is there for whoever may read the trail.
        expect(cancelled.getAllByRole('button').map(button => button.textContent)).toEqual(['History']);
    });

    it('offers no Freeze when the plan allows no freeze days', async () => {
        const { getOne } = renderPasses('en', 0);
        const active = within(await rowOf('8 занятий'));
        expect(active.getByText('Active')).toBeTruthy();
        // Once the plan is read, the row is as it stays.
        await waitFor(() => expect(getOne).toHaveBeenCalledWith('settings/subscriptions', expect.anything()));
        await act(async () => undefined);
        expect(active.queryByRole('button', { name: 'Freeze' })).toBeNull();
    });

    it('reads in Russian', async () => {
        renderPasses('ru');
        const active = within(await rowOf('8 занятий'));
        expect(active.getByText('Действует')).toBeTruthy();
        expect(await active.findByRole('button', { name: 'Заморозить' })).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Продать абонемент' })).toBeTruthy();
    });

    it('shows what is paid and due on a pass paid in part, with "Pay the rest" starting at the balance due', async () => {
        renderPasses();
        const partPaid = within(await rowOf('Part paid'));
        expect(partPaid.getByTestId('pass-balance').textContent).toBe('paid RUB 2,000.00 · due RUB 3,200.00');
        expect(within(await rowOf('8 занятий')).queryByRole('button', { name: 'Pay the rest' })).toBeNull();
        fireEvent.click(partPaid.getByRole('button', { name: 'Pay the rest' }));
        const dialog = within(await screen.findByRole('dialog'));
        expect(dialog.getByText('Due on Part paid: RUB 3,200.00')).toBeTruthy();
        expect((dialog.getByLabelText('Amount paid') as HTMLInputElement).value).toBe('3200');
    });

    it('selling validates with the domain schema before anything is sent', async () => {
        const { sellPass } = renderPasses();
        fireEvent.click(await screen.findByRole('button', { name: 'Sell a plan' }));
        const dialog = within(await screen.findByRole('dialog'));
        fireEvent.click(dialog.getByRole('button', { name: 'Sell a plan' }));
        // A plan not chosen at all is simply required (the domain's message for a missing value).
        expect(await dialog.findByText('Required')).toBeTruthy();
        expect(sellPass).not.toHaveBeenCalled();
    });
});

describe('the payments on the customer card', () => {
    const entry = (id: number, fields: Partial<Payment>): Payment => ({
        id,
        createdAt: '',
        customerId: 5,
        kind: 'payment',
        amount: 5200,
        method: 'card',
        passId: null,
        paymentLinkId: null,
        paidAt: '2026-11-01T10:00:00.000Z',
        note: null,
        correctsId: null,
        createdBy: 1,
        ...fields,
    });
    const payments = [
        entry(11, {}),
        entry(12, { kind: 'correction', amount: -1200, correctsId: 11, note: 'Paid 4,000 at the desk' }),
        entry(13, { kind: 'refund', amount: 500, note: 'Gave back' }),
        // Paid on the payment page by the customer: taken by nobody on the staff.
        entry(14, { method: 'online', note: 'test ch_1', createdBy: null }),
    ];

    const refusal = {
        status: 400,
        message: 'The request breaks a rule',
        body: { message: 'The request breaks a rule', errors: { amount: 'app.money.errors.correction_too_large' } },
    };

    const renderPayments = (locale: 'en' | 'ru' = 'en') => {
        const correctPayment = vi.fn(async (_params: unknown) =>
            Promise.reject(Object.assign(new Error(refusal.message), refusal)),
        );
        const dataProvider = testDataProvider({
            getManyReference: async () => ({ data: payments, total: payments.length }) as never,
            getOne: async () => ({ data: config }) as never,
            getMany: async () => ({ data: [{ id: 1, name: 'Olga Admin' }] }) as never,
            correctPayment,
        } as never);
        render(
            <MemoryRouter>
                <AdminContext
                    dataProvider={dataProvider}
                    i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                    store={memoryStore()}
                >
                    <ResourceContextProvider value="customers">
                        <RecordContextProvider value={customer}>
                            <CustomerPayments />
                        </RecordContextProvider>
                    </ResourceContextProvider>
                </AdminContext>
            </MemoryRouter>,
        );
        return { correctPayment };
    };

    it('shows a correction with its sign and what it corrects, and offers to correct only payments and refunds', async () => {
        renderPayments();
        const correction = within(await rowOf('corrects #11: Paid 4,000 at the desk'));
        expect(correction.getByText('Correction')).toBeTruthy();
        expect(correction.getByText('−')).toBeTruthy();
        expect(correction.getByText(/1,200/)).toBeTruthy();
        expect(correction.queryByRole('button', { name: 'Correct' })).toBeNull();
        expect(within(await rowOf('Gave back')).getByRole('button', { name: 'Correct' })).toBeTruthy();
    });

    it('says who took each payment: someone on the staff, or the customer online', async () => {
        renderPayments();
        expect(await within(await rowOf('Gave back')).findByText('Olga Admin')).toBeTruthy();
        const online = within(await rowOf('test ch_1'));
        expect(online.getByText('Online, by the customer')).toBeTruthy();
        expect(online.queryByText('Olga Admin')).toBeNull();
    });

    it('reads in Russian', async () => {
        renderPayments('ru');
        expect(within(await rowOf('test ch_1')).getByText('Онлайн, сам клиент')).toBeTruthy();
        const correction = within(await rowOf('исправляет №11: Paid 4,000 at the desk'));
        expect(correction.getByText('Исправление')).toBeTruthy();
        expect(within(await rowOf('Gave back')).getByRole('button', { name: 'Исправить' })).toBeTruthy();
    });

    it('sends the signed amount and the reason, and shows the server\u2019s refusal on the field', async () => {
        const { correctPayment } = renderPayments();
        fireEvent.click(within(await rowOf('Gave back')).getByRole('button', { name: 'Correct' }));
        const dialog = within(await screen.findByRole('dialog'));
        expect(dialog.getByText('+ if more was received than recorded (or less given back), − if less')).toBeTruthy();
        fireEvent.change(dialog.getByLabelText(/Amount/), { target: { value: '-200' } });
        fireEvent.change(dialog.getByLabelText(/Reason/), { target: { value: 'Paid less' } });
        fireEvent.click(dialog.getByRole('button', { name: 'Correct' }));
        expect(
            (await dialog.findAllByText('The correction is too large: the entry or what was paid would go below zero'))
                .length,
        ).toBeGreaterThan(0);
        expect(correctPayment).toHaveBeenCalledTimes(1);
        expect(correctPayment).toHaveBeenCalledWith({ id: 13, amount: -200, reason: 'Paid less' });
    });
});

describe('dates on the customer card, in the language of the screen', () => {
    const course = { id: 2, name: 'Хатха-йога', directionId: 1 } as Course;
    const event = {
        id: 9,
        startsAt: '2026-11-23T19:00',
        title: 'Evening group',
        courseId: course.id,
        status: 'done',
    } as StudioEvent;
    const pass = buildPass(21, { name: '8 visits', startsOn: '2026-11-02', endsOn: '2026-12-06' });
    const debt = {
        id: 31,
        createdAt: '',
        eventId: event.id,
        customerId: customer.id,
        status: 'attended',
        passId: null,
        charged: false,
        unpaid: true,
        markedBy: 1,
    } as Attendance;
    const records: Record<string, object[]> = {
        events: [event],
        passes: [pass],
        attendances: [debt],
        payments: [],
        'settings/courses': [course],
    };
    const dataProvider = testDataProvider({
        getOne: async () => ({ data: config }) as never,
        getList: async (resource: string) =>
            ({ data: records[resource] ?? [], total: records[resource]?.length ?? 0 }) as never,
        getMany: async (resource: string) => ({ data: records[resource] ?? [] }) as never,
        getManyReference: async (resource: string) =>
            ({ data: records[resource] ?? [], total: records[resource]?.length ?? 0 }) as never,
    } as never);
    // Classes are named as the app names them (its events resource), not as react-admin would by default.
    const renderCard = (ui: ReactNode, locale: 'en' | 'ru') =>
        render(
            <MemoryRouter>
                <AdminContext
                    dataProvider={dataProvider}
                    i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                    store={memoryStore()}
                >
                    <ResourceDefinitionContextProvider definitions={{ events: { name: 'events', ...events } }}>
                        <ResourceContextProvider value="customers">
                            <RecordContextProvider value={customer}>{ui}</RecordContextProvider>
                        </ResourceContextProvider>
                    </ResourceDefinitionContextProvider>
                </AdminContext>
            </MemoryRouter>,
        );
    const isoDate = /\d{4}-\d{2}-\d{2}/;

    it.each([
        ['en', '11/23/2026 7:00 PM · Evening group'],
        ['ru', '23.11.2026 19:00 · Evening group'],
    ] as const)('name the class of each visit by its date and time (%s)', async (locale, label) => {
        renderCard(<CustomerVisits />, locale);
        const row = (await screen.findByText(label)).closest('tr') as HTMLElement;
        expect(row.textContent).not.toMatch(isoDate);
    });

    it.each([
        ['en', '8 visits · 11/02/2026 – 12/06/2026'],
        ['ru', '8 visits · 02.11.2026 – 06.12.2026'],
    ] as const)('offer the passes to refund by their dates (%s)', async (locale, option) => {
        renderCard(<RefundDialog open onClose={() => undefined} />, locale);
        const dialog = within(await screen.findByRole('dialog'));
        fireEvent.mouseDown(await dialog.findByRole('combobox', { name: locale === 'en' ? 'Pass' : 'Абонемент' }));
        expect((await screen.findByRole('option', { name: option })).textContent).toBe(option);
    });

    it.each([
        ['en', '11/23/2026 7:00 PM · Evening group'],
        ['ru', '23.11.2026 19:00 · Evening group'],
    ] as const)('list the debts a new pass settles by their class date and time (%s)', async (locale, label) => {
        renderCard(<SettleDebtsDialog pass={pass} onClose={() => undefined} />, locale);
        const dialog = within(await screen.findByRole('dialog'));
        expect(await dialog.findByText(label)).toBeTruthy();
        expect(dialog.getByText('Хатха-йога')).toBeTruthy();
    });
});
