// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordContextProvider, testDataProvider } from 'react-admin';
import type { Charge, MembershipListRecord, MembershipSummary } from '../../src/domain/api/memberships';
import { Dashboard } from '../../src/pages/dashboard/Dashboard';
import { CustomerMembership } from '../../src/resources/memberships/CustomerMembership';
import { MembershipList } from '../../src/resources/memberships/MembershipList';
import { renderScreen, type Locale } from '../support/screen';

/*
 * Memberships on the staff's screens: the list filtered to the past due, the customer's card's Membership
 * section (its next charge, card and charges, Cancel asked once more, Resume, Start a membership giving
 * the first period's link) and the dashboard's figures. In English and Russian.
 */

const config = { id: 'general', currency: 'EUR', timezone: 'Europe/Moscow', expiringPassDays: 7 };

const membership = (fields: Partial<MembershipListRecord> = {}): MembershipListRecord => ({
    id: 5,
    createdAt: '2026-10-29T09:00:00.000Z',
    customerId: 7,
    payerId: 7,
    subscriptionId: 4,
    prices: [{ fromPeriod: 1, amount: 1500 }],
    paymentMethodId: 9,
    status: 'active',
    period: 2,
    periodStart: '2026-11-29',
    periodEnd: '2026-12-29',
    anchorDay: 29,
    nextChargeAt: '2026-12-29T07:00:00.000Z',
    cancelAtPeriodEnd: false,
    consentId: 3,
    passId: 11,
    heldPassId: null,
    noticeMessageId: null,
    priceChange: null,
    paymentLinkId: 'abc',
    endReason: null,
    endedAt: null,
    customerName: 'Anna Petrova',
    payerName: 'Anna Petrova',
    planName: 'Unlimited monthly',
    currentPrice: 1500,
    nextAmount: 1500,
    cardTitle: 'Visa •• 4242',
    ...fields,
});

const charge = (fields: Partial<Charge>): Charge => ({
    id: 1,
    createdAt: '2026-11-29T07:00:05.000Z',
    membershipId: 5,
    periodStart: '2026-11-29',
    attempt: 1,
    key: 'k-5-2026-11-29-1',
    provider: 'test',
    paymentMethodId: 9,
    amount: 1500,
    status: 'succeeded',
    reason: null,
    cause: null,
    providerPaymentId: 'p1',
    noticeMessageId: null,
    paymentId: 40,
    settledAt: '2026-11-29T07:00:06.000Z',
    ...fields,
});

let fetched: { method: string; path: string; body: unknown }[];
let fetchRoutes: Record<string, () => [number, unknown]>;

beforeEach(() => {
    fetched = [];
    fetchRoutes = {};
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string | Request, init: RequestInit = {}) => {
            const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
            const method = init.method ?? 'GET';
            fetched.push({ method, path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
            const [status, answer] = fetchRoutes[`${method} ${url.pathname}`]?.() ?? [404, { message: 'no route' }];
            return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
        }),
    );
});

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
});

describe('the list of memberships', () => {
    it('lists the past due ones as the dashboard links to them, with the payer, next charge and card', async () => {
        const getList = vi.fn(async () => ({
            data: [
                membership({ status: 'past_due' }),
                membership({
                    id: 6,
                    customerId: 8,
                    payerId: 2,
                    customerName: 'Masha Ivanova',
                    payerName: 'Olga Ivanova',
                    cardTitle: null,
                    paymentMethodId: null,
                }),
            ],
            total: 2,
        }));
        renderScreen(<MembershipList />, {
            role: 'manager',
            resource: 'memberships',
            path: `/memberships?filter=${encodeURIComponent('{"status":"past_due"}')}`,
            dataProvider: testDataProvider({
                getList: getList as never,
                getOne: (async () => ({ data: config })) as never,
            }),
        });
        const rows = await screen.findAllByRole('row');
        await waitFor(() => expect(screen.getAllByText('Past due').length).toBeGreaterThan(1));
        expect(getList).toHaveBeenCalledWith(
            'memberships',
            expect.objectContaining({ filter: { status: 'past_due' } }),
        );
        const first = rows.find(row => within(row).queryByText('Anna Petrova'))!;
        expect(within(first).getByText('Pays themselves')).toBeTruthy();
        expect(within(first).getByText('Unlimited monthly')).toBeTruthy();
        expect(within(first).getByText('Visa •• 4242')).toBeTruthy();
        expect(within(first).getByText('12/29/2026 10:00 AM')).toBeTruthy();
        const ward = rows.find(row => within(row).queryByText('Masha Ivanova'))!;
        expect(within(ward).getByRole('link', { name: 'Olga Ivanova' }).getAttribute('href')).toBe('/customers/2');
        expect(within(ward).getByText('No card')).toBeTruthy();
    });
});

/** The card's section over a data provider of the membership's records. */
const renderCard = (memberships: () => MembershipListRecord[], locale: Locale = 'en') => {
    const getList = vi.fn(async (resource: string, params: { filter: Record<string, unknown> }) => {
        if (resource === 'memberships')
            return params.filter.customerId === 7
                ? { data: memberships(), total: memberships().length }
                : { data: [], total: 0 };
        if (resource === 'settings/subscriptions')
            return {
                data: [
                    { id: 4, name: 'Unlimited monthly', price: 1500, visits: null, validityDays: 30, autoRenew: true },
                ],
                total: 1,
            };
        return { data: [], total: 0 };
    });
    renderScreen(
        <RecordContextProvider value={{ id: 7, firstName: 'Anna', lastName: 'Petrova', guardianId: null }}>
            <CustomerMembership />
        </RecordContextProvider>,
        {
            role: 'manager',
            locale,
            dataProvider: testDataProvider({
                getList: getList as never,
                getOne: (async (resource: string) => ({
                    data:
                        resource === 'paymentMethods'
                            ? { id: 9, title: 'Visa •• 4242', expiresOn: '2027-08-31', status: 'active' }
                            : config,
                })) as never,
                getMany: (async () => ({ data: [] })) as never,
                getManyReference: (async (resource: string, params: { target: string; id: number }) => {
                    expect([resource, params.target, params.id]).toEqual(['charges', 'membershipId', 5]);
                    const data = [
                        charge({
                            id: 2,
                            status: 'declined',
                            attempt: 1,
                            reason: 'insufficient_funds',
                            cause: 'money',
                            periodStart: '2026-12-29',
                            createdAt: '2026-12-29T07:00:05.000Z',
                        }),
                        charge({}),
                    ];
                    return { data, total: data.length };
                }) as never,
            }),
        },
    );
    return getList;
};

describe("the card's Membership section", () => {
    it('shows the price, period, next charge, card and charges, and cancels only once asked again', async () => {
        let current = membership();
        fetchRoutes['POST /api/memberships/5/cancel'] = () => {
            current = membership({ cancelAtPeriodEnd: true, nextChargeAt: null, nextAmount: null });
            return [200, current];
        };
        fetchRoutes['POST /api/memberships/5/resume'] = () => {
            current = membership();
            return [200, current];
        };
        renderCard(() => [current]);
        const section = await screen.findByRole('region', { name: 'Membership' });
        const card = await within(section).findByRole('article', { name: 'Unlimited monthly' });
        expect(within(card).getByText('Active')).toBeTruthy();
        expect(within(card).getByTestId('membership-price').textContent).toBe('Unlimited monthly · €1,500.00 a month');
        expect(within(card).getByTestId('membership-period').textContent).toBe('Period 2: 11/29/2026 – 12/28/2026');
        expect(within(card).getByTestId('membership-next').textContent).toBe(
            'Next charge: €1,500.00 on 12/29/2026 10:00 AM',
        );
        await waitFor(() =>
            expect(within(card).getByTestId('membership-card').textContent).toBe(
                'Card: Visa •• 4242, valid to 08/31/2027',
            ),
        );
        // Its charges: a decline for money with its reason, and the paid one.
        expect(await within(card).findByText('not enough money: insufficient_funds')).toBeTruthy();
        expect(within(card).getByText('Paid')).toBeTruthy();

        fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
        const dialog = await screen.findByRole('dialog', { name: 'Cancel the membership?' });
        expect(within(dialog).getByText(/It ends with the current period on 12\/28\/2026/)).toBeTruthy();
        expect(fetched.filter(call => call.method === 'POST')).toEqual([]);
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the membership' }));
        await within(card).findByText('Ends 12/28/2026');
        expect(within(card).getByTestId('membership-next').textContent).toBe('No more charges: it ends 12/28/2026');
        fireEvent.click(within(card).getByRole('button', { name: 'Resume' }));
        await within(card).findByText('Active');
        expect(fetched.filter(call => call.method === 'POST').map(call => call.path)).toEqual([
            '/api/memberships/5/cancel',
            '/api/memberships/5/resume',
        ]);
    });

    it('starts a membership: the plan that renews, then the first period’s link to copy', async () => {
        fetchRoutes['POST /api/memberships'] = () => [
            201,
            { id: 'lnk42', purpose: 'membership', expiresAt: '2026-12-02T09:00:00.000Z', amount: 1500 },
        ];
        renderCard(() => []);
        const section = await screen.findByRole('region', { name: 'Membership' });
        await within(section).findByText('No membership yet.');
        fireEvent.click(within(section).getByRole('button', { name: 'Start a membership' }));
        const dialog = await screen.findByRole('dialog', { name: 'Start a membership' });
        fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /Plan/ }));
        fireEvent.click(await screen.findByRole('option', { name: /Unlimited monthly/ }));
        fireEvent.click(within(dialog).getByRole('button', { name: 'Make the link' }));
        const address = await within(dialog).findByLabelText('Payment link');
        expect((address as HTMLInputElement).value).toBe(`${window.location.origin}/payments/link/lnk42`);
        expect(fetched.filter(call => call.method === 'POST')).toEqual([
            { method: 'POST', path: '/api/memberships', body: { customerId: 7, subscriptionId: 4 } },
        ]);
        expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    });

    it('says in Russian who pays and what was charged', async () => {
        renderCard(() => [membership({ payerId: 2, payerName: 'Ольга Петрова', status: 'past_due' })], 'ru');
        const section = await screen.findByRole('region', { name: 'Подписка' });
        const card = await within(section).findByRole('article');
        expect(within(card).getByText('Не оплачена')).toBeTruthy();
        expect(within(card).getByTestId('membership-payer').textContent).toBe('Платит Ольга Петрова');
        expect(await within(card).findByText('недостаточно средств: insufficient_funds')).toBeTruthy();
        expect(within(card).getByRole('button', { name: 'Отменить' })).toBeTruthy();
    });
});

describe("the dashboard's memberships", () => {
    const summary: MembershipSummary = { mrr: 45000, pastDue: 2, dueIn7Days: { count: 3, amount: 4500 } };
    const renderDashboard = (locale: Locale) => {
        fetchRoutes['GET /api/memberships/summary'] = () => [200, summary];
        renderScreen(<Dashboard />, {
            role: 'manager',
            locale,
            dataProvider: testDataProvider({
                getOne: (async () => ({ data: config })) as never,
                getList: (async () => ({ data: [], total: 0 })) as never,
                getDashboard: async () => ({
                    today: '2026-11-29',
                    todayEvents: [],
                    withoutMarks: { count: 0, classes: [] },
                    income: {
                        thisMonth: 0,
                        lastMonthToDate: 0,
                        lastMonth: 0,
                        toDate: {
                            current: { from: '2026-11-01', to: '2026-11-29' },
                            previous: { from: '2026-10-01', to: '2026-10-29' },
                        },
                        previous: { from: '2026-10-01', to: '2026-10-31' },
                    },
                    activePasses: 0,
                    visitsThisWeek: 0,
                    expiringPasses: [],
                    expiringCount: 0,
                    unpaidVisits: 0,
                    unpaidCustomers: [],
                }),
            } as never),
        });
    };

    it('shows the monthly recurring revenue, the past due leading to them, and the charges of 7 days', async () => {
        renderDashboard('en');
        expect((await screen.findByTestId('memberships-mrr')).textContent).toBe('€45,000.00');
        expect(screen.getByText('Monthly recurring revenue')).toBeTruthy();
        expect(screen.getByTestId('memberships-past-due').textContent).toBe('2');
        expect(screen.getByTestId('memberships-due').textContent).toBe('3 charges, €4,500.00');
        expect(screen.getByRole('link', { name: 'Show the past due' }).getAttribute('href')).toBe(
            `/memberships?filter=${encodeURIComponent('{"status":"past_due"}')}`,
        );
    });

    it('says them in Russian', async () => {
        renderDashboard('ru');
        expect((await screen.findByTestId('memberships-due')).textContent).toMatch(/^3 списания, 4\s500,00\s€$/);
        expect(screen.getByText('Ежемесячная выручка подписок')).toBeTruthy();
    });
});
