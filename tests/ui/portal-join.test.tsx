// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/portal/App';

/*
 * Joining the studio at /my/join on a fake API of this file: the form, then the code the studio sends
 * (whoever has the contacts: the answer never says), sent again when asked, and the newcomer signed in
 * with the plans next. The journey on the real server is the API tests' (portal-join.test.ts).
 */

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

type Route = (body: Record<string, unknown>) => [number, unknown];
let routes: Record<string, Route>;
let calls: { method: string; path: string; body: Record<string, unknown> }[];

beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/my/join');
    calls = [];
    routes = {
        'GET /auth/setup': () => [200, setup],
        'GET /me': () => [200, { customer, wards: [], calendarUrl: 'https://x/c.ics' }],
        'GET /plans': () => [200, { plans: [] }],
        'GET /passes': () => [200, { passes: [] }],
        'POST /auth/join': () => [202, { sent: true, retryAfter: 60 }],
        'POST /auth/verify': body =>
            body.code === '123456'
                ? [200, { token: 'token', customer }]
                : [400, { errors: { code: 'app.portal.wrong_code' } }],
    };
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string, init: RequestInit = {}) => {
            const url = new URL(input, 'http://localhost');
            const method = init.method ?? 'GET';
            const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
            const path = url.pathname.replace('/api/portal', '');
            calls.push({ method, path, body });
            const route = routes[`${method} ${path}`];
            const [status, answer] = route ? route(body) : [404, { message: 'no route' }];
            return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
        }),
    );
});

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
});

const called = (method: string, path: string) => calls.filter(call => call.method === method && call.path === path);

const fillIn = async () => {
    for (const [label, value] of [
        [/First name/, 'Anna'],
        [/Last name/, 'Petrova'],
        [/Phone/, '+79001234567'],
        [/E-mail/, 'anna@example.com'],
    ] as const)
        fireEvent.change(await screen.findByLabelText(label), { target: { value } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the processing of my personal data' }));
};

describe('joining the studio', () => {
    it('asks for the code sent for the e-mail typed, and signs in with it, the plans next', async () => {
        render(<App />);
        fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
        expect(await screen.findAllByText('Required')).toHaveLength(4);
        expect(called('POST', '/auth/join')).toEqual([]);
        await fillIn();
        fireEvent.click(screen.getByRole('button', { name: 'Join' }));
        await screen.findByText(/We sent a 6-digit code for anna@example\.com\. If you are already our customer/);
        expect(called('POST', '/auth/join')[0].body).toEqual({
            firstName: 'Anna',
            lastName: 'Petrova',
            phone: '+79001234567',
            email: 'anna@example.com',
            consent: true,
            locale: 'en',
            marketing: false,
        });
        // The wait the server asked for before another code.
        expect(screen.getByRole('button', { name: /Send again in 1:00|Send again in 0:59/ })).toHaveProperty(
            'disabled',
            true,
        );
        fireEvent.change(screen.getByLabelText(/Code from the message/), { target: { value: '000000' } });
        await screen.findByText('The code is wrong or has expired');
        fireEvent.change(screen.getByLabelText(/Code from the message/), { target: { value: '123456' } });
        await screen.findByRole('heading', { level: 1, name: 'Plans' });
        expect(window.location.pathname).toBe('/my/plans');
        expect(localStorage.getItem('portal.token')).toBe('token');
        expect(called('POST', '/auth/verify').map(call => call.body)).toEqual([
            { login: 'anna@example.com', code: '000000' },
            { login: 'anna@example.com', code: '123456' },
        ]);
    });

    it('goes back to the form as it was typed, and says when sign-ups from here must wait', async () => {
        render(<App />);
        await fillIn();
        fireEvent.click(screen.getByRole('button', { name: 'Join' }));
        fireEvent.click(await screen.findByRole('button', { name: 'Change my details' }));
        expect(await screen.findByLabelText(/Last name/)).toHaveProperty('value', 'Petrova');
        routes['POST /auth/join'] = () => [429, { retryAfter: 1800 }];
        fireEvent.click(screen.getByRole('button', { name: 'Join' }));
        await screen.findByText(/Too many tries/);
        expect(called('POST', '/auth/join')).toHaveLength(2);
    });
});
