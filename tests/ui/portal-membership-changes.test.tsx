// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalMembership } from '../../src/domain/api/memberships';
import { App } from '../../src/portal/App';

/*
 * A membership's changes in /my on a fake API of this file: a new price the studio proposes, shown with
 * Accept; changing the card, which pays the next month now with the new card beside an unticked box
 * with the consent's words, then goes to the provider's page.
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

const consentText = 'I agree that Pulse charges my saved card each month on these terms.';

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
        'POST /memberships/5/price/accept': () => {
            memberships = [membership()];
            return [200, memberships[0]];
        },
        'GET /memberships/5/card': () => [200, { amount: 1500, currency: 'EUR', consentText }],
        'POST /memberships/5/card': () => [200, { confirmationUrl: '#provider' }],
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

describe("a membership's changes in /my", () => {
    it('shows a new price the studio proposes, and its payer accepts it', async () => {
        memberships = [membership({ priceChange: { amount: 1800, fromPeriod: 4, startsOn: '2027-02-28' } })];
        render(<App />);
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        expect(within(card).getByTestId('membership-new-price').textContent).toBe(
            'The studio proposes a new price: €1,800 a month from February 28, 2027. Without your acceptance the membership ends before that day.',
        );
        fireEvent.click(within(card).getByRole('button', { name: 'Accept the new price' }));
        await screen.findByText('New price accepted');
        await waitFor(() => expect(within(card).queryByTestId('membership-new-price')).toBeNull());
        expect(writes()).toEqual(['POST /memberships/5/price/accept']);
    });

    it('changes the card by paying the next month with it, once the box is ticked', async () => {
        render(<App />);
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        fireEvent.click(within(card).getByRole('button', { name: 'Change the card' }));
        const dialog = await screen.findByRole('dialog', { name: 'Change the card' });
        await within(dialog).findByText(/the next month of Unlimited monthly, €1,500, is paid now with the new card/);
        const box = within(dialog).getByRole('checkbox', { name: consentText });
        expect(box).toHaveProperty('checked', false);
        const pay = within(dialog).getByRole('button', { name: 'Pay and save the card' });
        expect(pay).toHaveProperty('disabled', true);
        expect(writes()).toEqual([]);
        fireEvent.click(box);
        fireEvent.click(pay);
        await waitFor(() => expect(window.location.hash).toBe('#provider'));
        expect(calls.filter(call => call.method === 'POST')).toEqual([
            { method: 'POST', path: '/memberships/5/card', body: { consent: true } },
        ]);
    });

    it('offers no change of card nor new price for a membership that is ending', async () => {
        memberships = [
            membership({
                cancelAtPeriodEnd: true,
                nextChargeAt: null,
                nextAmount: null,
                priceChange: { amount: 1800, fromPeriod: 4, startsOn: '2027-02-28' },
            }),
        ];
        render(<App />);
        const card = await screen.findByRole('article', { name: 'Unlimited monthly' });
        expect(within(card).queryByRole('button', { name: 'Change the card' })).toBeNull();
        expect(within(card).queryByRole('button', { name: 'Accept the new price' })).toBeNull();
        expect(within(card).queryByTestId('membership-new-price')).toBeNull();
    });
});
