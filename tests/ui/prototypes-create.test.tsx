// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../src/domain/types';
import { parseValue, recordFromPairs } from '../../src/resources/prototypes/fieldPairs';
import { quietGuessers, renderAdmin, rooms, type } from '../support/ui-prototypes';

/*
 * The prototype screens as <Admin> builds them (tests/support/ui-prototypes.tsx): the create guesser and
 * the field pairs of an empty collection; and the whole app, which fetches the prototypes once.
 */

const logged = quietGuessers();

describe('the create guesser', () => {
    it('guesses typed inputs from the records, without the id, and creates a record of those types', async () => {
        const { create } = renderAdmin({ path: '/rooms/create' });
        expect(await screen.findByLabelText('Title')).toBeTruthy();
        expect(screen.getByLabelText('Seats').getAttribute('type')).toBe('number');
        expect(screen.getByLabelText('Open').getAttribute('type')).toBe('checkbox');
        expect(screen.queryByLabelText('Id')).toBeNull();
        type('Title', 'Red room');
        type('Seats', '20');
        fireEvent.click(screen.getByLabelText('Open'));
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0][1].data).toEqual({ title: 'Red room', seats: 20, open: true });
        // Back to the list, which shows the new record.
        expect(await screen.findByText('Red room')).toBeTruthy();
        expect(screen.getByTestId('where').textContent).toBe('/rooms');
        const code = logged('Guessed Create:');
        expect(code).toHaveLength(1);
        expect(code[0]).toContain(
            "import { BooleanInput, Create, NumberInput, SimpleForm, TextInput } from 'react-admin';",
        );
        expect(code[0]).toContain('export const RoomCreate = () => (');
        expect(code[0]).toContain('<NumberInput source="seats" />');
        expect(code[0]).not.toContain('source="id"');
    });

    it('asks an empty collection for pairs of field names and values, and makes the record of them', async () => {
        const { create } = renderAdmin({ collections: { desks: [] }, path: '/desks/create' });
        expect(await screen.findByText(/This collection has no records yet/)).toBeTruthy();
        type('Field name', 'seats');
        type('Value', '12');
        fireEvent.click(screen.getByRole('button', { name: 'Add' }));
        await waitFor(() => expect(screen.getAllByLabelText('Field name')).toHaveLength(2));
        type('Field name', ' label ', 1);
        type('Value', 'Blue desk', 1);
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0][1].data).toEqual({ seats: 12, label: 'Blue desk' });
        expect(await screen.findByText('Blue desk')).toBeTruthy();
        expect(screen.getByTestId('where').textContent).toBe('/desks');
    });

    it('refuses a field without a name, and one named id', async () => {
        const { create } = renderAdmin({ collections: { desks: [] }, path: '/desks/create' });
        expect(await screen.findByLabelText('Field name')).toBeTruthy();
        type('Value', '12');
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Name the field')).toBeTruthy();
        type('Field name', 'id');
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('The server assigns the id: choose another name')).toBeTruthy();
        expect(create).not.toHaveBeenCalled();
    });

    it('reads the refusals in Russian', async () => {
        renderAdmin({ locale: 'ru', collections: { desks: [] }, path: '/desks/create' });
        expect(await screen.findByLabelText('Название поля')).toBeTruthy();
        // Save stays disabled until something is typed.
        type('Значение', '12');
        fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
        expect(await screen.findByText('Укажите название поля')).toBeTruthy();
    });
});

describe('field pairs', () => {
    it('read JSON literals as such and anything else as text', () => {
        expect(
            [' 42 ', '1.5', 'true', 'false', 'null', '"007"', 'Blue room', '', '[1, 2]', '{"a": 1}', '12 seats'].map(
                parseValue,
            ),
        ).toEqual([42, 1.5, true, false, null, '007', 'Blue room', '', '[1, 2]', '{"a": 1}', '12 seats']);
    });

    it('make a record of trimmed names, an empty value being empty text', () => {
        expect(
            recordFromPairs({
                fields: [
                    { name: ' seats ', value: '3' },
                    { name: 'note', value: null },
                ],
            }),
        ).toEqual({ seats: 3, note: '' });
        expect(recordFromPairs({})).toEqual({});
    });
});

describe('the app', () => {
    /** A signed-in session as the sign-in page saves it, with a token that has not expired. */
    const signIn = (role: Role) => {
        const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }));
        localStorage.setItem(
            'studio.session',
            JSON.stringify({
                token: `header.${payload}.signature`,
                user: { id: 1, name: 'Olga', email: 'olga@example.com', role },
            }),
        );
    };

    /** The server, as far as these screens ask it: the prototypes, the rooms, and nothing else. */
    const server = () =>
        vi.fn(async (input: RequestInfo | URL) => {
            const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
            const json = (body: unknown, headers: Record<string, string> = {}) =>
                new Response(JSON.stringify(body), {
                    status: 200,
                    headers: { 'Content-Type': 'application/json', ...headers },
                });
            if (url.pathname === '/api/prototypes') return json([{ name: 'rooms', count: rooms.length }]);
            if (url.pathname === '/api/rooms')
                return json(rooms, { 'Content-Range': `rooms 0-${rooms.length - 1}/${rooms.length}` });
            return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } });
        });

    afterEach(() => {
        localStorage.clear();
        vi.unstubAllGlobals();
    });

    it('fetches the prototypes once, and keeps the open page when the theme is switched', async () => {
        signIn('admin');
        const fetchMock = server();
        vi.stubGlobal('fetch', fetchMock);
        window.history.pushState({}, '', '/rooms');
        const { App, store } = await import('../../src/app/App');
        render(<App />);
        expect(await screen.findByText('Blue room')).toBeTruthy();
        expect(screen.getByRole('menuitem', { name: 'rooms' })).toBeTruthy();
        const prototypeCalls = () =>
            fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/prototypes')).length;
        expect(prototypeCalls()).toBe(1);
        // Re-rendering <Admin> with new children would run the function child again, behind the loading page.
        act(() => store.setItem('themeName', 'DARK_BLUE_THEME'));
        await new Promise(resolve => setTimeout(resolve, 300));
        expect(screen.getByText('Blue room')).toBeTruthy();
        expect(prototypeCalls()).toBe(1);
    });
});
