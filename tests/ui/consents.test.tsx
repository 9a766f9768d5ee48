// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider, testDataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Consent } from '../../src/domain/consents';
import { App } from '../../src/portal/App';
import { CustomerConsents } from '../../src/resources/customers/CustomerConsents';
import { CustomerCreate } from '../../src/resources/customers/CustomerCreate';
import { anna, fill, provider, renderAt, tickPersonalData } from '../support/forms';
import { renderScreen } from '../support/screen';

/*
 * Consents on screen: the customer's Privacy page in /my (their consents with the dates, offers switched
 * off and on in one tap), the Consents section of a customer's card, and the desk's new customer form,
 * which saves no one without their personal data consent.
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
const marketing = consent({ id: 2, kind: 'marketing', at: '2026-11-20T10:00:00.000Z' });

describe('the Privacy page in /my', () => {
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
        status: 'lead',
        guardianId: null,
        balanceDue: 0,
    };
    let consents: Consent[];
    let calls: string[];

    beforeEach(() => {
        localStorage.setItem('portal.token', 'token');
        window.history.replaceState(null, '', '/my/privacy');
        consents = [personalData];
        calls = [];
        const privacy = () => [200, { consents, marketingText: 'Pulse may send me offers.' }] as const;
        const routes: Record<string, () => readonly [number, unknown]> = {
            'GET /auth/setup': () => [200, setup],
            'GET /me': () => [200, { customer, wards: [], calendarUrl: 'https://x/c.ics' }],
            'GET /consents': privacy,
            'POST /consents/marketing': () => {
                consents = [consent({ id: 3, kind: 'marketing', at: '2026-11-29T09:00:00.000Z' }), ...consents];
                return privacy();
            },
            'POST /consents/marketing/revoke': () => {
                consents = consents.map(one =>
                    one.kind === 'marketing' ? { ...one, revokedAt: '2026-11-29T10:00:00.000Z' } : one,
                );
                return privacy();
            },
        };
        vi.stubGlobal(
            'fetch',
            vi.fn(async (input: string, init: RequestInit = {}) => {
                const path = new URL(input, 'http://localhost').pathname.replace('/api/portal', '');
                const key = `${init.method ?? 'GET'} ${path}`;
                calls.push(key);
                const [status, answer] = routes[key]?.() ?? [404, { message: 'no route' }];
                return new Response(JSON.stringify(answer), {
                    status,
                    headers: { 'Content-Type': 'application/json' },
                });
            }),
        );
    });
    afterEach(() => {
        cleanup();
        vi.unstubAllGlobals();
        localStorage.clear();
    });

    it('lists the consents with their dates, and gives and revokes offers in one tap', async () => {
        render(<App />);
        const offers = await screen.findByRole('switch', { name: 'Send me offers and news' });
        expect(offers).toHaveProperty('checked', false);
        expect(screen.getByText('Pulse may send me offers.')).toBeTruthy();
        const mine = screen.getByRole('region', { name: 'My consents' });
        expect(within(mine).getByText('Processing of my personal data')).toBeTruthy();
        expect(within(mine).getByText('Given November 2, 2026')).toBeTruthy();

        fireEvent.click(offers);
        await within(mine).findByText('Offers and news by message');
        expect(screen.getByRole('switch', { name: 'Send me offers and news' })).toHaveProperty('checked', true);
        expect(within(mine).getByText('Given November 29, 2026')).toBeTruthy();

        fireEvent.click(screen.getByRole('switch', { name: 'Send me offers and news' }));
        await within(mine).findByText('Given November 29, 2026, revoked November 29, 2026');
        expect(screen.getByRole('switch', { name: 'Send me offers and news' })).toHaveProperty('checked', false);
        expect(calls.filter(call => call.startsWith('POST'))).toEqual([
            'POST /consents/marketing',
            'POST /consents/marketing/revoke',
        ]);
    });
});

describe('the Consents section of the card', () => {
    const dataProvider = testDataProvider({
        getList: vi.fn(async (resource: string, params: { filter: { customerId?: number } }) => {
            expect(resource).toBe('consents');
            expect(params.filter).toEqual({ customerId: 7 });
            const data = [{ ...marketing, revokedAt: '2026-11-25T10:00:00.000Z' }, personalData];
            return { data, total: data.length };
        }) as never,
    });
    const card = (
        <RecordContextProvider value={{ id: 7, firstName: 'Anna', lastName: 'Petrova' }}>
            <CustomerConsents />
        </RecordContextProvider>
    );
    afterEach(cleanup);

    it('shows each consent with its date, source, version and revocation to a manager', async () => {
        renderScreen(card, { role: 'manager', dataProvider });
        const section = await screen.findByRole('region', { name: 'Consents' });
        expect(await within(section).findByText('Personal data')).toBeTruthy();
        expect(within(section).getByText('Offers by message')).toBeTruthy();
        expect(within(section).getByText(/Nov 2, 2026 · Portal · text v1$/)).toBeTruthy();
        expect(within(section).getByText(/Nov 20, 2026 · Portal · text v1 · revoked Nov 25, 2026/)).toBeTruthy();
    });
});

describe("the desk's new customer form", () => {
    afterEach(cleanup);

    it.each([
        ['en', 'First name', 'Last name', 'Save', 'The customer must agree to the processing of their personal data'],
        ['ru', 'Имя', 'Фамилия', 'Сохранить', 'Нужно согласие клиента на обработку персональных данных'],
    ] as const)(
        'refuses to save without personal data consent in %s, and sends both consents with it',
        async (locale, first, last, save, refusal) => {
            const create = vi.fn(async () => ({ data: { ...anna, id: 43 } }));
            renderAt(<CustomerCreate />, {
                locale,
                path: '/customers/create',
                route: '/customers/create',
                resource: 'customers',
                dataProvider: provider({ create: create as never }),
            });
            await screen.findByText('Занимается');
            await fill(first, 'Vera');
            await fill(last, 'Novak');
            await fill('Email', 'vera.novak@example.test');
            const offers = screen.getByRole('switch', {
                name:
                    locale === 'en'
                        ? 'The customer agrees to receive offers by message'
                        : 'Клиент согласен получать предложения в сообщениях',
            });
            expect(offers).toHaveProperty('checked', false);

            fireEvent.click(screen.getByRole('button', { name: save }));
            expect(await screen.findByText(refusal)).toBeTruthy();
            expect(create).not.toHaveBeenCalled();

            await tickPersonalData(locale);
            await waitFor(() => expect(screen.queryByText(refusal)).toBeNull());
            fireEvent.click(screen.getByRole('button', { name: save }));
            await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
            expect(create.mock.calls[0]).toMatchObject([
                'customers',
                { data: { firstName: 'Vera', consents: { personalData: true, marketing: false } } },
            ]);
        },
    );
});
