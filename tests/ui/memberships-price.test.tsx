// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordContextProvider, testDataProvider } from 'react-admin';
import type { Charge, MembershipListRecord } from '../../src/domain/api/memberships';
import { CustomerMembership } from '../../src/resources/memberships/CustomerMembership';
import { renderScreen, type Locale } from '../support/screen';

/*
 * A new price for a running membership on the customer's card: staff propose it (the form names the day
 * the period chosen begins, the server's refusal shown on its field), and the card says whether the payer
 * has accepted it. In English and Russian.
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
let fetchRoutes: Record<string, (body: unknown) => [number, unknown]>;

beforeEach(() => {
    fetched = [];
    fetchRoutes = {};
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string | Request, init: RequestInit = {}) => {
            const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
            const method = init.method ?? 'GET';
            fetched.push({ method, path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
            const [status, answer] = fetchRoutes[`${method} ${url.pathname}`]?.(
                init.body ? JSON.parse(String(init.body)) : undefined,
            ) ?? [404, { message: 'no route' }];
            return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
        }),
    );
});

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
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

describe("a membership's new price on the customer's card", () => {
    it('is proposed by staff from a later period, the refusal shown on its field', async () => {
        let current = membership();
        const answers: [number, unknown][] = [
            [
                400,
                {
                    message: 'The request has invalid fields',
                    errors: { fromPeriod: 'app.memberships.errors.price_too_soon' },
                },
            ],
        ];
        fetchRoutes['POST /api/memberships/5/price'] = body => {
            const answer = answers.shift();
            if (answer) return answer;
            current = membership({
                priceChange: {
                    ...(body as { amount: number; fromPeriod: number }),
                    proposedAt: '2026-11-29T08:00:00.000Z',
                    acceptedAt: null,
                },
            });
            return [200, current];
        };
        renderCard(() => [current]);
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        expect(within(card).queryByTestId('membership-new-price')).toBeNull();
        fireEvent.click(await within(card).findByRole('button', { name: 'New price' }));
        const dialog = within(await screen.findByRole('dialog'));
        // Period 4 of a membership in period 2 that ends on 29 December begins on 29 January; period 3 on its end.
        expect(await dialog.findByText(/That period begins on 01\/29\/2027/)).toBeTruthy();
        fireEvent.change(dialog.getByLabelText('Price a month'), { target: { value: '1800' } });
        fireEvent.change(dialog.getByLabelText('From period'), { target: { value: '3' } });
        expect(await dialog.findByText(/That period begins on 12\/29\/2026/)).toBeTruthy();
        fireEvent.click(dialog.getByRole('button', { name: 'Propose' }));
        expect(
            await dialog.findByText('A new price starts with a later period that begins at least 30 days from today'),
        ).toBeTruthy();
        fireEvent.change(dialog.getByLabelText('From period'), { target: { value: '4' } });
        fireEvent.click(dialog.getByRole('button', { name: 'Propose' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(fetched.filter(call => call.method === 'POST').map(call => call.body)).toEqual([
            { amount: 1800, fromPeriod: 3 },
            { amount: 1800, fromPeriod: 4 },
        ]);
        await waitFor(() =>
            expect(within(card).getByTestId('membership-new-price').textContent).toBe(
                'New price €1,800.00 from period 4: waiting for the payer to accept it',
            ),
        );
    });

    it('says in Russian that the payer has accepted it', async () => {
        renderCard(
            () => [
                membership({
                    priceChange: {
                        amount: 1800,
                        fromPeriod: 4,
                        proposedAt: '2026-11-29T08:00:00.000Z',
                        acceptedAt: '2026-11-30T08:00:00.000Z',
                    },
                }),
            ],
            'ru',
        );
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        expect(await within(card).findByTestId('membership-new-price')).toHaveProperty(
            'textContent',
            expect.stringMatching(/^Новая цена 1\s800,00\s€ с периода 4: принята$/),
        );
        expect(within(card).getByRole('button', { name: 'Новая цена' })).toBeTruthy();
    });
});
