// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/portal/App';

/*
 * /my's message settings on a fake API of this file: a membership's messages the customer may switch off
 * (its end, its card about to expire) are listed beside the others, switched off and saved; its notice
 * before each charge, a declined charge and a new price always come, and the page says so instead of
 * offering a switch. In English and Russian.
 */

const setup = {
    studioName: 'Pulse',
    defaultLocale: 'en',
    currency: 'EUR',
    timezone: 'Europe/Moscow',
    telegramBot: null,
};
const customer = (locale: 'en' | 'ru' | null) => ({
    id: 1,
    firstName: 'Anna',
    lastName: 'Petrova',
    phone: '+79001234567',
    email: 'anna@example.com',
    locale,
    notify: null,
    telegramLinked: false,
    status: 'active',
    guardianId: null,
    balanceDue: 0,
});

let locale: 'en' | 'ru' | null;
let calls: { method: string; path: string; body: Record<string, unknown> }[];

beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('portal.token', 'token');
    window.history.replaceState(null, '', '/my/profile');
    calls = [];
    locale = null;
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string, init: RequestInit = {}) => {
            const url = new URL(input, 'http://localhost');
            const method = init.method ?? 'GET';
            const path = url.pathname.replace('/api/portal', '');
            const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
            calls.push({ method, path, body });
            const me = { customer: customer(locale), wards: [], calendarUrl: 'https://x/c.ics' };
            const answers: Record<string, unknown> = {
                'GET /auth/setup': setup,
                'GET /me': me,
                'PUT /me': { customer: { ...me.customer, ...body } },
            };
            const answer = answers[`${method} ${path}`];
            return new Response(JSON.stringify(answer ?? { message: 'no route' }), {
                status: answer ? 200 : 404,
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

describe("a membership's messages in /my's settings", () => {
    it('lists those the customer may switch off, saves one switched off, and says the charge notices always come', async () => {
        render(<App />);
        const ended = await screen.findByRole('switch', { name: 'My membership has ended' });
        const expiring = screen.getByRole('switch', { name: 'My membership’s card expires soon' });
        expect((ended as HTMLInputElement).checked).toBe(true);
        expect((expiring as HTMLInputElement).checked).toBe(true);
        screen.getByText(
            'Sign-in codes always come, and so do a membership’s notice before each charge, a declined charge and a new price: you are told before your card is charged.',
        );
        // Nothing offers to switch off what the law asks to tell before a charge.
        expect(screen.queryByRole('switch', { name: /charge|price/i })).toBeNull();

        fireEvent.click(ended);
        await waitFor(() => expect(calls.filter(call => call.method === 'PUT')).toHaveLength(1));
        expect(calls.find(call => call.method === 'PUT')?.body).toEqual({
            notify: { email: true, telegram: true, kinds: { membership_ended: false } },
        });
    });

    it('says the same in Russian', async () => {
        locale = 'ru';
        render(<App />);
        await screen.findByRole('switch', { name: 'Моя подписка закончилась' });
        screen.getByRole('switch', { name: 'У карты моей подписки скоро истекает срок' });
        screen.getByText(
            'Коды для входа приходят всегда, как и сообщения подписки перед каждым списанием, о неудачном списании и о новой цене: о списании с карты вы узнаёте заранее.',
        );
    });
});
