// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../src/portal/api';
import { App } from '../../src/portal/App';

/*
 * The customer's own data on the Privacy page of /my, on a fake API of this file: the copy of it saved
 * as the file the server names, the request to erase it only after the step that says what happens, and
 * the received request said instead of the button, also when the page opens on one asked before.
 */

const setup = { studioName: 'Pulse', defaultLocale: 'en', currency: 'EUR', timezone: 'UTC', telegramBot: null };
const customer = (locale: string | null) => ({
    id: 7,
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
const asked = { requestedAt: '2026-11-29T09:00:00.000Z', dueAt: '2026-12-29T09:00:00.000Z' };
const exported = {
    exportedAt: '2026-11-29T09:00:00.000Z',
    studioName: 'Pulse',
    person: { customer: { id: 7 } },
    wards: [],
};

type Route = () => readonly [number, unknown, Record<string, string>?];
let routes: Record<string, Route>;
let calls: { key: string; authorization?: string }[];
let saved: { href: string; download: string }[];

const render7 = (locale: string | null = 'en') => {
    routes['GET /me'] = () => [200, { customer: customer(locale), wards: [], calendarUrl: 'https://x/c.ics' }];
    render(<App />);
};
const posts = () => calls.filter(call => call.key.startsWith('POST')).map(call => call.key);

beforeEach(() => {
    storeToken('token');
    window.history.replaceState(null, '', '/my/privacy');
    calls = [];
    saved = [];
    routes = {
        'GET /auth/setup': () => [200, setup],
        'GET /consents': () => [
            200,
            { consents: [], marketingText: 'Pulse may send me offers.', erasureRequest: null },
        ],
    };
    vi.stubGlobal(
        'fetch',
        vi.fn(async (input: string, init: RequestInit = {}) => {
            const key = `${init.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname.replace('/api/portal', '')}`;
            calls.push({ key, authorization: (init.headers as Record<string, string> | undefined)?.Authorization });
            const [status, body, headers = {}] = routes[key]?.() ?? [404, { message: 'no route' }];
            return new Response(JSON.stringify(body), {
                status,
                headers: { 'Content-Type': 'application/json', ...headers },
            });
        }),
    );
    // jsdom has no object URLs and does not download: the file made and the link clicked are recorded.
    Object.assign(URL, {
        createObjectURL: vi.fn((file: Blob) => `blob:${file.size}`),
        revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
    });
});

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
});

describe('my data on the Privacy page', () => {
    it('downloads what the studio holds as the file the server names, with the sign-in token', async () => {
        routes['GET /me/export'] = () => [
            200,
            exported,
            { 'Content-Disposition': 'attachment; filename="customer-7-2026-11-29.json"' },
        ];
        render7();
        const section = await screen.findByRole('region', { name: 'My data' });
        expect(within(section).getByText(/your card, passes, payments, bookings, visits, messages/)).toBeTruthy();
        fireEvent.click(within(section).getByRole('button', { name: 'Download my data' }));
        await waitFor(() => expect(saved).toHaveLength(1));
        expect(calls.find(call => call.key === 'GET /me/export')?.authorization).toBe('Bearer token');
        const file = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
        expect(JSON.parse(await file.text())).toEqual(exported);
        expect(saved[0]).toEqual({ href: `blob:${file.size}`, download: 'customer-7-2026-11-29.json' });
        expect(posts()).toEqual([]);
    });

    it('says why a download failed and saves nothing', async () => {
        routes['GET /me/export'] = () => [500, { message: 'boom' }];
        render7();
        fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
        expect(await screen.findByText('Something went wrong at the studio. Try again later.')).toBeTruthy();
        expect(saved).toEqual([]);
    });

    it('asks to erase only after saying what happens, then shows the request received instead of the button', async () => {
        routes['POST /me/erase'] = () => [202, { ...asked, taskId: 40 }];
        render7();
        const section = await screen.findByRole('region', { name: 'My data' });
        fireEvent.click(within(section).getByRole('button', { name: 'Ask to erase my data' }));
        let dialog = await screen.findByRole('dialog', { name: 'Erase my data?' });
        expect(within(dialog).getByText(/erases your name, contacts and messages within 30 days/)).toBeTruthy();
        expect(within(dialog).getByText(/Payment and visit records stay, without your name/)).toBeTruthy();
        expect(within(dialog).getByText('Afterwards you will not be able to sign in here.')).toBeTruthy();
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(posts()).toEqual([]);

        fireEvent.click(within(section).getByRole('button', { name: 'Ask to erase my data' }));
        dialog = await screen.findByRole('dialog', { name: 'Erase my data?' });
        fireEvent.click(within(dialog).getByRole('button', { name: 'Ask to erase' }));
        expect(
            await within(section).findByText(
                'Your request of November 29, 2026 to erase your data has been received; the studio will answer by December 29, 2026.',
            ),
        ).toBeTruthy();
        expect(await screen.findByText('Your request has been sent to the studio')).toBeTruthy();
        expect(within(section).queryByRole('button', { name: 'Ask to erase my data' })).toBeNull();
        expect(posts()).toEqual(['POST /me/erase']);
    });

    it('shows a request asked before at once, in Russian', async () => {
        routes['GET /consents'] = () => [200, { consents: [], marketingText: '', erasureRequest: asked }];
        render7('ru');
        const section = await screen.findByRole('region', { name: 'Мои данные' });
        expect(
            within(section).getByText(
                'Ваш запрос от 29 ноября 2026 г. на удаление данных получен; студия ответит до 29 декабря 2026 г.',
            ),
        ).toBeTruthy();
        expect(within(section).getByRole('button', { name: 'Скачать мои данные' })).toBeTruthy();
        expect(within(section).getByText(/карточка, абонементы, платежи, записи, посещения/)).toBeTruthy();
        expect(within(section).queryByRole('button', { name: 'Попросить удалить мои данные' })).toBeNull();
    });
});
