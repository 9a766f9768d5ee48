// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Consent } from '../../src/domain/consents';
import { App } from '../../src/portal/App';
import { CustomerConsents } from '../../src/resources/customers/CustomerConsents';
import { renderScreen, type Locale } from '../support/screen';

/*
 * The "may we send you offers?" question on screen: the card's button (managers and admins), which says
 * what is about to go before it sends it and then by which channel it went, or why the server refused;
 * and the portal's Privacy page opened from the question's link, which asks first and takes the yes in one tap.
 */

const consent = (fields: Partial<Consent>): Consent => ({
    id: 1,
    customerId: 7,
    kind: 'personal_data',
    textVersion: 1,
    text: 'I give Pulse my consent',
    terms: null,
    at: '2026-11-02T10:00:00.000Z',
    source: 'portal',
    ip: null,
    revokedAt: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    ...fields,
});
const personalData = consent({});

/** Answers fetch by "METHOD path" (the path without /api and, for the portal, /api/portal); records the calls. */
const serve = (routes: Record<string, () => readonly [number, unknown]>, calls: string[]) =>
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string | Request, init: RequestInit = {}) => {
            const url = typeof input === 'string' ? input : input.url;
            const method = init.method ?? (typeof input === 'string' ? 'GET' : input.method);
            const path = new URL(url, 'http://localhost').pathname.replace(/^\/api(\/portal)?/, '');
            const key = `${method} ${path}`;
            calls.push(key);
            const [status, answer] = routes[key]?.() ?? [404, { message: 'no route' }];
            return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
        }),
    );

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
});

describe("the card's question about offers", () => {
    const cardWith = (consents: Consent[]) => ({
        card: (
            <RecordContextProvider value={{ id: 7, firstName: 'Anna', lastName: 'Petrova' }}>
                <CustomerConsents />
                <Notification />
            </RecordContextProvider>
        ),
        dataProvider: testDataProvider({
            getList: (async () => ({ data: consents, total: consents.length })) as never,
        }),
    });

    it.each([
        ['en', 'Ask about offers', 'Send the question', 'The question went by E-mail'],
        ['ru', 'Спросить о предложениях', 'Отправить вопрос', 'Вопрос отправлен: E-mail'],
    ] as const)('says what goes, sends it and says by which channel, in %s', async (locale, button, send, sent) => {
        const calls: string[] = [];
        serve({ 'POST /customers/7/ask-offers': () => [200, { channel: 'email', recipientId: 7 }] }, calls);
        const { card, dataProvider } = cardWith([personalData]);
        renderScreen(card, { role: 'manager', dataProvider, locale: locale as Locale });
        fireEvent.click(await screen.findByRole('button', { name: button }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText(/Anna Petrova/)).toBeTruthy();
        expect(calls).toEqual([]);
        fireEvent.click(within(dialog).getByRole('button', { name: send }));
        expect(await screen.findByText(sent)).toBeTruthy();
        expect(calls).toEqual(['POST /customers/7/ask-offers']);
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('says why the server refused, in the user’s language', async () => {
        serve(
            {
                'POST /customers/7/ask-offers': () => [
                    409,
                    {
                        message: 'This customer was asked about offers in the last 90 days',
                        errors: { customerId: 'app.consents.ask.refused.asked' },
                        reason: 'asked',
                    },
                ],
            },
            [],
        );
        const { card, dataProvider } = cardWith([personalData]);
        renderScreen(card, { role: 'admin', dataProvider, locale: 'ru' });
        fireEvent.click(await screen.findByRole('button', { name: 'Спросить о предложениях' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отправить вопрос' }));
        expect(await screen.findByText('Клиента уже спрашивали о предложениях за последние 90 дней')).toBeTruthy();
    });

    it('is not offered while the customer takes offers', async () => {
        const { card, dataProvider } = cardWith([consent({ id: 2, kind: 'marketing' }), personalData]);
        renderScreen(card, { role: 'manager', dataProvider });
        const section = await screen.findByRole('region', { name: 'Consents' });
        await within(section).findByText('Offers by message');
        expect(within(section).queryByRole('button', { name: 'Ask about offers' })).toBeNull();
    });
});

describe('the Privacy page opened from the question', () => {
    const setup = { studioName: 'Pulse', defaultLocale: 'en', currency: 'EUR', timezone: 'UTC', telegramBot: null };
    const customer = {
        id: 7,
        firstName: 'Anna',
        lastName: 'Petrova',
        phone: '+79001234567',
        email: 'anna@example.com',
        locale: 'en',
        notify: null,
        telegramLinked: false,
        status: 'active',
        guardianId: null,
        balanceDue: 0,
    };
    let consents: Consent[];
    let calls: string[];

    beforeEach(() => {
        localStorage.setItem('portal.token', 'token');
        window.history.replaceState(null, '', '/my/privacy?offers=yes');
        consents = [personalData];
        calls = [];
        const privacy = () => [200, { consents, marketingText: 'Pulse may send me offers.' }] as const;
        serve(
            {
                'GET /auth/setup': () => [200, setup],
                'GET /me': () => [200, { customer, wards: [], calendarUrl: 'https://x/c.ics' }],
                'GET /consents': privacy,
                'POST /consents/marketing': () => {
                    consents = [consent({ id: 3, kind: 'marketing', at: '2026-11-29T09:00:00.000Z' }), ...consents];
                    return privacy();
                },
            },
            calls,
        );
    });

    it('asks first, and one Yes gives the consent and leaves the question', async () => {
        render(<App />);
        const question = await screen.findByRole('region', { name: 'Take offers by message?' });
        expect(within(question).getByText('Pulse may send me offers.')).toBeTruthy();
        fireEvent.click(within(question).getByRole('button', { name: 'Yes' }));
        await waitFor(() => expect(screen.queryByRole('region', { name: 'Take offers by message?' })).toBeNull());
        expect(screen.getByRole('switch', { name: 'Send me offers and news' })).toHaveProperty('checked', true);
        expect(window.location.search).toBe('');
        expect(calls.filter(call => call.startsWith('POST'))).toEqual(['POST /consents/marketing']);
    });

    it('Not now leaves everything as it was', async () => {
        render(<App />);
        const question = await screen.findByRole('region', { name: 'Take offers by message?' });
        fireEvent.click(within(question).getByRole('button', { name: 'Not now' }));
        await waitFor(() => expect(screen.queryByRole('region', { name: 'Take offers by message?' })).toBeNull());
        expect(screen.getByRole('switch', { name: 'Send me offers and news' })).toHaveProperty('checked', false);
        expect(calls.filter(call => call.startsWith('POST'))).toEqual([]);
    });
});
