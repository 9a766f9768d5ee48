// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalMembership, PortalMembershipTerms } from '../../src/domain/api/memberships';
import { App } from '../../src/portal/App';

/*
 * Memberships in /my on a fake API of this file: the membership with its next charge and amount, cancelled
 * in two taps and resumed, its card removed after a confirm, one paid by someone else shown without its
 * payer's buttons, and starting one from the plans: its terms beside an unticked box, then the provider's
 * page. In English and Russian.
 */

const setup = {
    studioName: 'Pulse',
    defaultLocale: 'en',
    currency: 'EUR',
    timezone: 'Europe/Moscow',
    telegramBot: null,
};
const person = (id: number, firstName: string, fields: object = {}) => ({
    id,
    firstName,
    lastName: 'Petrova',
    phone: '+79001234567',
    email: `${firstName.toLowerCase()}@example.com`,
    locale: null,
    notify: null,
    telegramLinked: false,
    status: 'active',
    guardianId: null,
    balanceDue: 0,
    ...fields,
});
const me = {
    customer: person(1, 'Anna'),
    wards: [person(2, 'Masha', { guardianId: 1 })],
    calendarUrl: 'https://x/c.ics',
};

const membership = (fields: Partial<PortalMembership> = {}): PortalMembership => ({
    id: 5,
    customerId: 1,
    customerName: 'Anna Petrova',
    planName: 'Unlimited monthly',
    status: 'active',
    period: 2,
    periodStart: '2026-11-29',
    periodEnd: '2026-12-29',
    // 10:00 in Moscow on periodEnd.
    nextChargeAt: '2026-12-29T07:00:00.000Z',
    nextAmount: 1500,
    cancelAtPeriodEnd: false,
    endReason: null,
    isPayer: true,
    card: { id: 9, title: 'Visa •• 4242', expiresOn: '2027-08-31', status: 'active' },
    ...fields,
});

const terms: PortalMembershipTerms = {
    planName: 'Unlimited monthly',
    currency: 'EUR',
    prices: [
        { fromPeriod: 1, amount: 990 },
        { fromPeriod: 4, amount: 1500 },
    ],
    firstPeriod: { periodStart: '2026-11-29', periodEnd: '2026-12-29' },
    chargeDay: 29,
    offerUrl: 'https://pulse.example/offer',
    consentText: 'I agree that Pulse charges my saved card each month on these terms.',
};

type Route = (body: Record<string, unknown>, url: URL) => [number, unknown];
let routes: Record<string, Route>;
let calls: { method: string; path: string; body: Record<string, unknown> }[];
let memberships: PortalMembership[];

beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('portal.token', 'token');
    window.history.replaceState(null, '', '/my/memberships');
    calls = [];
    memberships = [membership()];
    routes = {
        'GET /auth/setup': () => [200, setup],
        'GET /me': () => [200, me],
        'GET /memberships': () => [200, memberships],
        'POST /memberships/5/cancel': () => {
            memberships = [membership({ cancelAtPeriodEnd: true, nextChargeAt: null, nextAmount: null })];
            return [200, memberships[0]];
        },
        'POST /memberships/5/resume': () => {
            memberships = [membership()];
            return [200, memberships[0]];
        },
        'DELETE /payment-methods/9': () => {
            memberships = [
                membership({
                    cancelAtPeriodEnd: true,
                    nextChargeAt: null,
                    nextAmount: null,
                    card: { id: 9, title: 'Visa •• 4242', expiresOn: '2027-08-31', status: 'removed' },
                }),
            ];
            return [200, { removed: true }];
        },
    };
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string, init: RequestInit = {}) => {
            const url = new URL(input, 'http://localhost');
            const method = init.method ?? 'GET';
            const path = url.pathname.replace('/api/portal', '');
            const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
            calls.push({ method, path, body });
            const [status, answer] = routes[`${method} ${path}`]?.(body, url) ?? [404, { message: 'no route' }];
            return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
        }),
    );
});

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
});

const writes = () => calls.filter(call => call.method !== 'GET').map(call => `${call.method} ${call.path}`);

describe('a membership in /my', () => {
    it('shows the month it is in, the next charge with its amount and the card', async () => {
        render(<App />);
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        expect(within(card).getByText('Active')).toBeTruthy();
        expect(within(card).getByText('This month: November 29, 2026 – December 28, 2026')).toBeTruthy();
        expect(within(card).getByTestId('membership-next-charge').textContent).toBe(
            'Next charge: €1,500 on December 29, 2026',
        );
        expect(within(card).getByText('Card: Visa •• 4242, valid until August 31, 2027')).toBeTruthy();
    });

    it('cancels in two taps, says until when it runs, and resumes', async () => {
        render(<App />);
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        fireEvent.click(within(card).getByRole('button', { name: 'Cancel membership' }));
        // The first tap only asks.
        const dialog = await screen.findByRole('dialog', { name: 'Cancel the membership?' });
        expect(writes()).toEqual([]);
        expect(within(dialog).getByText(/You keep coming until December 28, 2026/)).toBeTruthy();
        fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
        await screen.findByText('The membership is cancelled: it ends on December 28, 2026');
        const after = await screen.findByRole('article', { name: 'Unlimited monthly' });
        await within(after).findByText('Nothing more will be charged. It ends on December 28, 2026.');
        expect(within(after).getByText('Ends December 28, 2026')).toBeTruthy();
        expect(within(after).queryByTestId('membership-next-charge')).toBeNull();

        fireEvent.click(within(after).getByRole('button', { name: 'Resume' }));
        await waitFor(() =>
            expect(within(after).getByTestId('membership-next-charge').textContent).toBe(
                'Next charge: €1,500 on December 29, 2026',
            ),
        );
        expect(writes()).toEqual(['POST /memberships/5/cancel', 'POST /memberships/5/resume']);
    });

    it('removes the card only after a confirm, and then nothing more is charged', async () => {
        render(<App />);
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        fireEvent.click(within(card).getByRole('button', { name: 'Remove the card' }));
        const dialog = await screen.findByRole('dialog', { name: 'Remove the card Visa •• 4242?' });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(writes()).toEqual([]);

        fireEvent.click(within(card).getByRole('button', { name: 'Remove the card' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove the card' }));
        await screen.findByText('The card is removed: nothing more is charged to it');
        await within(card).findByText(/The card is no longer charged/);
        expect(within(card).queryByRole('button', { name: 'Remove the card' })).toBeNull();
        expect(writes()).toEqual(['DELETE /payment-methods/9']);
    });

    it('shows a ward’s membership paid by someone else without the payer’s buttons', async () => {
        memberships = [membership({ customerId: 2, customerName: 'Masha Petrova', isPayer: false })];
        render(<App />);
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        expect(within(card).getByText(/For Masha Petrova/)).toBeTruthy();
        expect(within(card).getByText(/Paid by another person/)).toBeTruthy();
        expect(within(card).queryByRole('button')).toBeNull();
    });

    it('says the refusal of a cancel in words', async () => {
        routes['POST /memberships/5/cancel'] = () => [403, { message: 'Forbidden' }];
        render(<App />);
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        fireEvent.click(within(card).getByRole('button', { name: 'Cancel membership' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
        expect(await within(screen.getByRole('dialog')).findByText('This is not yours to open.')).toBeTruthy();
    });
});

describe('starting a membership from the plans', () => {
    beforeEach(() => {
        window.history.replaceState(null, '', '/my/plans');
        routes['GET /plans'] = () => [
            200,
            {
                plans: [
                    {
                        id: 4,
                        name: 'Unlimited monthly',
                        price: 1500,
                        visits: null,
                        validityDays: 30,
                        trial: false,
                        freezeDays: 0,
                        directions: [],
                        autoRenew: true,
                    },
                ],
            },
        ];
        routes['GET /memberships/terms'] = () => [200, terms];
        // The provider's page: here an anchor of this page, which the test's browser can go to.
        routes['POST /memberships'] = () => [201, { confirmationUrl: '#provider' }];
    });

    it('shows the terms beside an unticked box, and pays the first month once it is ticked', async () => {
        render(<App />);
        const plan = await screen.findByRole('article', { name: 'Unlimited monthly' });
        expect(within(plan).getByText('€1,500 a month')).toBeTruthy();
        expect(within(plan).queryByRole('button', { name: 'Buy' })).toBeNull();
        fireEvent.click(within(plan).getByRole('button', { name: 'Subscribe' }));
        const dialog = await screen.findByRole('dialog', { name: 'Monthly membership: Unlimited monthly' });
        await within(dialog).findByText('Months 1–3: €990 a month');
        expect(within(dialog).getByText('From month 4: €1,500 a month')).toBeTruthy();
        expect(
            within(dialog).getByText(
                'The first month, November 29, 2026 – December 28, 2026, is paid now with your card, which is saved for the next months.',
            ),
        ).toBeTruthy();
        expect(
            within(dialog).getByText('Then it is charged each month on day 29 at 10:00, first on December 29, 2026.'),
        ).toBeTruthy();
        expect(within(dialog).getByText(/Cancel any time under My memberships/)).toBeTruthy();
        expect(within(dialog).getByRole('link', { name: 'The studio’s public offer' }).getAttribute('href')).toBe(
            'https://pulse.example/offer',
        );
        const box = within(dialog).getByRole('checkbox', { name: terms.consentText });
        expect(box).toHaveProperty('checked', false);
        const pay = within(dialog).getByRole('button', { name: 'Agree and pay €990' });
        expect(pay).toHaveProperty('disabled', true);

        fireEvent.click(box);
        fireEvent.click(pay);
        await waitFor(() => expect(window.location.hash).toBe('#provider'));
        expect(calls.filter(call => call.method === 'POST')).toEqual([
            { method: 'POST', path: '/memberships', body: { subscriptionId: 4, consent: true } },
        ]);
        expect(calls.find(call => call.path === '/memberships/terms')).toBeTruthy();
    });

    it('asks the terms and starts it for the child the portal acts for', async () => {
        render(<App />);
        fireEvent.click(await screen.findByRole('button', { name: 'Masha' }));
        const plan = await screen.findByRole('article', { name: 'Unlimited monthly' });
        fireEvent.click(within(plan).getByRole('button', { name: 'Subscribe' }));
        const dialog = await screen.findByRole('dialog');
        fireEvent.click(await within(dialog).findByRole('checkbox'));
        fireEvent.click(within(dialog).getByRole('button', { name: /Agree and pay/ }));
        await waitFor(() => expect(window.location.hash).toBe('#provider'));
        const asked = calls.filter(call => call.path.startsWith('/memberships'));
        expect(asked.map(call => [call.method, call.path, call.body])).toEqual([
            ['GET', '/memberships/terms', {}],
            ['POST', '/memberships', { subscriptionId: 4, customerId: 2, consent: true }],
        ]);
    });
});

describe('in Russian', () => {
    it('shows the membership and cancels it in Russian', async () => {
        routes['GET /me'] = () => [200, { ...me, customer: { ...me.customer, locale: 'ru' } }];
        render(<App />);
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        await within(card).findByText('Действует');
        expect(within(card).getByTestId('membership-next-charge').textContent).toMatch(
            /^Следующее списание: 1\s500\s€, 29 декабря 2026 г\.$/,
        );
        expect(within(card).getByText('Карта: Visa •• 4242, действует до 31 августа 2027 г.')).toBeTruthy();
        fireEvent.click(within(card).getByRole('button', { name: 'Отменить подписку' }));
        const dialog = await screen.findByRole('dialog', { name: 'Отменить подписку?' });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Да, отменить' }));
        await screen.findByText('Подписка отменена: она закончится 28 декабря 2026 г.');
        expect(writes()).toEqual(['POST /memberships/5/cancel']);
    });
});
