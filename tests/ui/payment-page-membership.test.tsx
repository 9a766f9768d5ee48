// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { PaymentLinkPage } from '../../src/pages/payment/PaymentLinkPage';
import type { Locale } from '../support/screen';

/*
 * The public payment page of a link that starts a membership: the terms (the amount of each month, the
 * first month paid with the card saved, the charge day, how to cancel, the public offer) beside an
 * unticked consent box; Pay sends the consent only once the box is ticked. In English and Russian.
 */

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

describe('the payment page of a link that starts a membership', () => {
    const link = {
        status: 'pending',
        studioName: 'Pulse',
        purpose: 'membership',
        planName: 'Unlimited monthly',
        passName: null,
        penalty: null,
        amount: 990,
        currency: 'EUR',
        description: null,
        expiresAt: '2031-07-16T09:00:00.000Z',
        timezone: 'Europe/Moscow',
        firstName: 'Anna',
        forName: null,
        locale: 'en',
        payments: 'test',
        contactNeeded: false,
        attempt: null,
        membership: {
            currency: 'EUR',
            prices: [
                { fromPeriod: 1, amount: 990 },
                { fromPeriod: 2, amount: 1500 },
            ],
            firstPeriod: { periodStart: '2026-11-29', periodEnd: '2026-12-29' },
            chargeDay: 29,
            offerUrl: 'https://pulse.example/offer',
            consentText: 'I agree that Pulse charges my saved card each month on these terms.',
        },
    };
    const page = (locale: Locale) =>
        render(
            <MemoryRouter initialEntries={['/payments/link/abc']}>
                <AdminContext
                    i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                    store={memoryStore({ locale })}
                >
                    <Routes>
                        <Route path="/payments/link/:id" element={<PaymentLinkPage />} />
                    </Routes>
                </AdminContext>
            </MemoryRouter>,
        );

    it('shows the terms beside an unticked box, and pays only once it is ticked, sending the consent', async () => {
        fetchRoutes['GET /api/public/payment-links/abc'] = () => [200, link];
        fetchRoutes['POST /api/public/payment-links/abc/pay'] = () => [
            409,
            { errors: { status: 'app.payment_page.errors.failed' } },
        ];
        page('en');
        const terms = await screen.findByRole('region', { name: 'A membership that renews each month' });
        expect(within(terms).getByText('Month 1: €990.00')).toBeTruthy();
        expect(within(terms).getByText('From month 2: €1,500.00 a month')).toBeTruthy();
        expect(
            within(terms).getByText(
                /Then it is charged each month on day 29 at 10:00, first on Tuesday, December 29, 2026/,
            ),
        ).toBeTruthy();
        expect(within(terms).getByRole('link', { name: 'The studio’s public offer' }).getAttribute('href')).toBe(
            'https://pulse.example/offer',
        );
        const box = screen.getByRole('checkbox', { name: link.membership.consentText });
        expect(box).toHaveProperty('checked', false);
        fireEvent.click(screen.getByRole('button', { name: /Pay/ }));
        await screen.findByText('Tick the box to agree to the charges');
        expect(fetched.filter(call => call.method === 'POST')).toEqual([]);

        fireEvent.click(box);
        fireEvent.click(screen.getByRole('button', { name: /Pay/ }));
        await waitFor(() => expect(fetched.filter(call => call.method === 'POST')).toHaveLength(1));
        expect(fetched.find(call => call.method === 'POST')).toEqual({
            method: 'POST',
            path: '/api/public/payment-links/abc/pay',
            body: { consent: true },
        });
    });

    it('shows the terms in Russian', async () => {
        fetchRoutes['GET /api/public/payment-links/abc'] = () => [200, { ...link, locale: 'ru' }];
        page('ru');
        const terms = await screen.findByRole('region', { name: 'Подписка с ежемесячным продлением' });
        expect(within(terms).getByText(/^С 2-го месяца: 1\s500,00\s€ в месяц$/)).toBeTruthy();
        expect(within(terms).getByText('Публичная оферта студии')).toBeTruthy();
    });
});
