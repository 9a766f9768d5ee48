// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notification, testDataProvider, type GetListParams, type GetManyParams } from 'react-admin';
import { passForSale } from '../../src/domain/money';
import { erasedStatusRecord } from '../../src/domain/privacy';
import type { AuditEntry, Config, Customer, Pass, Status, Subscription } from '../../src/domain/types';
import { CustomerCard } from '../../src/resources/customers/CustomerCard';
import { anna, statuses } from '../support/forms';
import { renderScreen, type Locale } from '../support/screen';
import type { Role } from '../../src/domain/roles';

/*
 * A customer's personal data on their card, for admins: the export downloaded as the file the server
 * names, the erasure in two steps (what it does, then the last name typed) with what blocks it listed,
 * and an erased card that reads as such, with nothing left to sell, book or send and its history kept.
 */

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
});

const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow', defaultLocale: 'en' } as Config;
const erasedStatus: Status = { id: 9, createdAt: '', ...erasedStatusRecord };
const ward: Customer = { ...anna, id: 50, firstName: 'Petya', lastName: 'Petrov', guardianId: 42 };
const erasedAnna = {
    ...anna,
    firstName: 'Erased customer',
    lastName: '#42',
    phone: null,
    email: null,
    status: 'erased',
    erasedAt: '2026-11-28T09:00:00.000Z',
} as Customer;
const plan = {
    id: 3,
    name: '8 classes',
    price: 5200,
    visits: 8,
    validityDays: 35,
    freezeDays: 0,
    directionIds: [],
} as unknown as Subscription;
const pass: Pass = { id: 7, createdAt: '', ...passForSale(plan, 42, '2026-11-01') };

const entry = (fields: Partial<AuditEntry>) =>
    ({
        createdAt: '2026-11-28T09:00:00.000Z',
        userId: 1,
        userName: 'Olga',
        role: 'admin',
        collection: 'customers',
        recordId: '42',
        customerId: 42,
        passId: null,
        eventId: null,
        before: null,
        after: null,
        ...fields,
    }) as AuditEntry;
/** The erasure's own entry, and an earlier change whose personal values the erasure read as "[erased]". */
const history = [
    entry({ id: 2, action: 'erase', endpoint: 'POST /api/customers/42/erase' }),
    entry({
        id: 1,
        action: 'update',
        endpoint: 'PUT /api/customers/42',
        before: { email: '[erased]', guardianId: null },
        after: { email: null, guardianId: '[erased]' },
    }),
];

/** The card's data: the customer as `card()` answers it now, the statuses with the erased one, a pass and the history. */
const provider = (card: () => Customer) => {
    const getMany = vi.fn(async (_resource: string, { ids }: GetManyParams) => ({
        data: [card(), ward].filter(customer => ids.map(Number).includes(customer.id)),
    }));
    const getOne = vi.fn(async (resource: string) => ({
        data: resource === 'configs' ? config : resource === 'settings/subscriptions' ? plan : card(),
    }));
    const dataProvider = testDataProvider({
        getOne: getOne as never,
        getMany: getMany as never,
        getList: (async (resource: string, params: GetListParams) => {
            const data =
                resource === 'statuses' && params.filter.name === 'customer' ? [...statuses, erasedStatus] : [];
            return { data, total: data.length };
        }) as never,
        getManyReference: (async (resource: string) => {
            const data = resource === 'passes' ? [pass] : resource === 'history' ? history : [];
            return { data, total: data.length };
        }) as never,
    });
    return { dataProvider, getOne, getMany };
};

const renderCard = (card: () => Customer, { role = 'admin', locale = 'en' }: { role?: Role; locale?: Locale } = {}) => {
    const data = provider(card);
    renderScreen(
        <>
            <CustomerCard />
            <Notification />
        </>,
        {
            role,
            locale,
            path: '/customers/42',
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: data.dataProvider,
        },
    );
    return data;
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The server's privacy endpoints, answering in turn what the test gives; every request kept. */
const serverAnswering = (...answers: Response[]) => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answers.shift() ?? json({}, 500));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
};
const sent = (fetchMock: ReturnType<typeof serverAnswering>, call: number) => ({
    url: String(fetchMock.mock.calls[call][0]),
    method: fetchMock.mock.calls[call][1]?.method,
    body: JSON.parse(String(fetchMock.mock.calls[call][1]?.body ?? 'null')),
});

/** Opens the erasure and goes on past its first step, answering what that step said. */
const openErasure = async (button = 'Erase personal data', next = 'Continue') => {
    fireEvent.click(await screen.findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog');
    const explained = dialog.textContent;
    fireEvent.click(within(dialog).getByRole('button', { name: next }));
    return { dialog, explained };
};

describe("an admin on a customer's card", () => {
    beforeEach(() => {
        vi.stubGlobal(
            'URL',
            Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() }),
        );
    });

    it('downloads the export as the file the server names', async () => {
        const exported = { exportedAt: '2026-11-29T10:00:00.000Z', studioName: 'Studio', person: { customer: anna } };
        const fetchMock = serverAnswering(
            json(exported, 200, { 'Content-Disposition': 'attachment; filename="customer-42-2026-11-29.json"' }),
        );
        const clicked: { download: string; href: string }[] = [];
        vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
            clicked.push({ download: this.download, href: this.getAttribute('href') ?? '' });
        });
        renderCard(() => anna);
        fireEvent.click(await screen.findByRole('button', { name: 'Export data' }));
        expect(await screen.findByText('The customer’s data is downloaded: customer-42-2026-11-29.json')).toBeTruthy();
        expect(sent(fetchMock, 0)).toMatchObject({ url: '/api/customers/42/export', method: undefined });
        expect(clicked).toEqual([{ download: 'customer-42-2026-11-29.json', href: 'blob:export' }]);
        const blob = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
        expect(JSON.parse(await blob.text())).toEqual(exported);
    });

    it('erases in two steps: the last name typed, whatever its case, then the card refreshed as erased', async () => {
        let card: Customer = anna;
        const mismatch = () =>
            json({ message: 'confirm', errors: { confirm: 'app.privacy.erase.confirm_mismatch' } }, 400);
        const fetchMock = serverAnswering(mismatch(), mismatch(), json(erasedAnna));
        const { getOne } = renderCard(() => card);
        const { dialog, explained } = await openErasure();
        expect(explained).toContain('Passes, payments and visits stay, under an anonymous card');
        expect(explained).toContain('This cannot be undone.');
        const input = await within(dialog).findByRole('textbox', { name: 'Last name' });
        // Going on asked only what blocks the erasure: with no name, and no error shown for it.
        expect(sent(fetchMock, 0)).toEqual({ url: '/api/customers/42/erase', method: 'POST', body: { confirm: '' } });
        expect(dialog.textContent).not.toContain('Type the last name as it is on the card');
        const submit = within(dialog).getByRole('button', { name: 'Erase for good' }) as HTMLButtonElement;
        expect(submit.disabled).toBe(true);
        fireEvent.change(input, { target: { value: 'Petrov' } });
        expect(submit.disabled).toBe(true);
        fireEvent.change(input, { target: { value: 'Petrova' } });
        // The server compares with the card as it is now: its refusal shows under the field.
        fireEvent.click(submit);
        expect(await within(dialog).findByText('Type the last name as it is on the card')).toBeTruthy();
        fireEvent.change(input, { target: { value: '  PETROVA ' } });
        expect(submit.disabled).toBe(false);
        const readsBefore = getOne.mock.calls.filter(([resource]) => resource === 'customers').length;
        card = erasedAnna;
        fireEvent.click(submit);
        expect(await screen.findByText('The personal data is erased')).toBeTruthy();
        expect(sent(fetchMock, 2).body).toEqual({ confirm: '  PETROVA ' });
        expect(
            await screen.findByText('Personal data erased on 11/28/2026. Money and visit records are kept.'),
        ).toBeTruthy();
        expect(getOne.mock.calls.filter(([resource]) => resource === 'customers').length).toBeGreaterThan(readsBefore);
    });

    it('lists in Russian what keeps the data, with the ward linked, and shows no name field', async () => {
        serverAnswering(
            json(
                {
                    message: 'blocked',
                    errors: { id: 'app.privacy.erase.blocked' },
                    reason: 'erase_blocked',
                    blockers: [
                        { kind: 'membership', ids: [3] },
                        { kind: 'booking', ids: [11, 12] },
                        { kind: 'waitlist', ids: [13] },
                        { kind: 'debt', amount: 1500 },
                        { kind: 'unpaid_visits', count: 5 },
                        { kind: 'payment_in_progress', ids: ['pl_1'] },
                        { kind: 'ward', ids: [50] },
                    ],
                },
                409,
            ),
        );
        renderCard(() => anna, { locale: 'ru' });
        const { dialog } = await openErasure('Удалить персональные данные', 'Продолжить');
        expect(await within(dialog).findByText('Данные пока нельзя удалить')).toBeTruthy();
        const wardLink = await within(dialog).findByRole('link', { name: 'Petya Petrov' });
        expect(wardLink.getAttribute('href')).toBe('/customers/50');
        const items = within(dialog)
            .getAllByRole('listitem')
            .map(item => item.textContent?.replace(/\s/g, ' '));
        expect(items).toEqual([
            'активное членство',
            '2 записи на предстоящие занятия',
            '1 место в листе ожидания',
            'долг 1 500,00 ₽',
            '5 неоплаченных посещений',
            'незавершённый платёж',
            'подопечный, чьи данные не удалены: Petya Petrov',
        ]);
        expect(within(dialog).queryByRole('textbox')).toBeNull();
        expect(within(dialog).queryByRole('button', { name: 'Удалить безвозвратно' })).toBeNull();
    });

    it('reads an erased card: the banner, no form nor selling, booking or privacy buttons; passes and history kept', async () => {
        const { getMany } = renderCard(() => erasedAnna);
        expect(
            await screen.findByText('Personal data erased on 11/28/2026. Money and visit records are kept.'),
        ).toBeTruthy();
        expect(await screen.findByText('8 classes')).toBeTruthy();
        expect(screen.getByText('Erased')).toBeTruthy();
        for (const name of [
            'Save',
            'Sell a plan',
            'Book a class',
            'Payment link',
            'Export data',
            'Erase personal data',
        ])
            expect(screen.queryByRole('button', { name }), name).toBeNull();
        expect(screen.queryByRole('button', { name: 'Sign-in link' })).toBeNull();
        expect(screen.queryByRole('textbox', { name: 'Last name' })).toBeNull();
        const erasure = (await screen.findByText('Erased the personal data')).closest('tr') as HTMLElement;
        expect(erasure.textContent).toContain('Olga (Administrator)');
        const change = screen.getByText('Changed').closest('tr') as HTMLElement;
        await waitFor(() => expect(change.textContent).toContain('Email: [erased] → —'));
        expect(change.textContent).toContain('Guardian: — → [erased]');
        // No record is looked up by the erased marker.
        expect(getMany.mock.calls.flatMap(([, params]) => params.ids).filter(id => !/^\d+$/.test(String(id)))).toEqual(
            [],
        );
    });
});

describe('a manager', () => {
    it('sees neither the export nor the erasure', async () => {
        renderCard(() => anna, { role: 'manager' });
        expect(await screen.findByDisplayValue('Petrova')).toBeTruthy();
        expect(await screen.findByRole('button', { name: 'Sell a plan' })).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Export data' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull();
    });
});
