// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
    AdminContext,
    AdminUI,
    CustomRoutes,
    Layout as RaLayout,
    memoryStore,
    Resource,
    testDataProvider,
    type AuthProvider,
    type DataProvider,
    type RaRecord,
} from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import { apiCollection, type PrototypeCollection } from '../../src/app/dataProvider';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { Menu } from '../../src/app/Menu';
import { canAccess } from '../../src/domain/roles';
import type { Role } from '../../src/domain/types';
import { parseValue, recordFromPairs } from '../../src/resources/prototypes/fieldPairs';
import { prototypeResources } from '../../src/resources/prototypes/prototypeResources';

/*
 * The prototype screens as <Admin> builds them: the same function child as the app's, the app's menu,
 * an auth provider with the app's role rules, and a data provider holding the prototype collections.
 */

afterEach(cleanup);

let log: MockInstance<typeof console.log>;
beforeEach(() => {
    // The guessers print their code on purpose; kept out of the test output, and read by some tests.
    log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    return () => log.mockRestore();
});

const logged = (prefix: string) =>
    log.mock.calls
        .map(call => call[0])
        .filter((message: unknown): message is string => typeof message === 'string' && message.startsWith(prefix));

const i18n = (locale: 'en' | 'ru') =>
    polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale);

const authAs = (role: Role, logout = vi.fn(async () => undefined)): AuthProvider => ({
    login: async () => undefined,
    logout,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    canAccess: async ({ resource, action }) => canAccess(role, { resource: apiCollection(resource), action }),
});

const rooms: RaRecord[] = [
    { id: 1, title: 'Blue room', seats: 12, open: true },
    { id: 2, title: 'Studio B', seats: 8, open: false },
];

/** Collections in memory, answering as the simple-rest provider does; `create` records what it was sent. */
const memoryProvider = (collections: Record<string, RaRecord[]>) => {
    const create = vi.fn(async (resource: string, { data }: { data: Record<string, unknown> }) => {
        const record = { ...data, id: (collections[resource]?.length ?? 0) + 100 };
        collections[resource] = [...(collections[resource] ?? []), record];
        return { data: record };
    });
    const dataProvider: DataProvider = testDataProvider({
        getList: async (resource: string) =>
            ({ data: collections[resource] ?? [], total: collections[resource]?.length ?? 0 }) as never,
        getOne: async (resource: string, { id }: { id: unknown }) =>
            ({ data: collections[resource]?.find(record => String(record.id) === String(id)) }) as never,
        getMany: async () => ({ data: [] }) as never,
        create: create as never,
    });
    return { dataProvider, create };
};

/** Where the router is: the access-denied redirect is seen by its path. */
const Where = () => <p data-testid="where">{useLocation().pathname}</p>;
const TestLayout = ({ children }: { children: ReactNode }) => (
    <RaLayout menu={Menu}>
        {children}
        <Where />
    </RaLayout>
);

interface Options {
    role?: Role;
    path?: string;
    locale?: 'en' | 'ru';
    collections?: Record<string, RaRecord[]>;
    load?: () => Promise<PrototypeCollection[]>;
}

const prototypesOf = (collections: Record<string, RaRecord[]>): PrototypeCollection[] =>
    Object.entries(collections)
        .map(([name, records]) => ({ name, count: records.length }))
        .sort((a, b) => a.name.localeCompare(b.name));

const renderAdmin = ({
    role = 'admin',
    path = '/rooms',
    locale = 'en',
    collections = { rooms: [...rooms] },
    load,
}: Options = {}) => {
    const { dataProvider, create } = memoryProvider(collections);
    const getPrototypes = vi.fn(load ?? (async () => prototypesOf(collections)));
    const logout = vi.fn(async () => undefined);
    render(
        <MemoryRouter initialEntries={[path]}>
            <AdminContext
                dataProvider={dataProvider}
                authProvider={authAs(role, logout)}
                i18nProvider={i18n(locale)}
                store={memoryStore()}
            >
                <AdminUI layout={TestLayout} requireAuth>
                    {[
                        <Resource key="studio" name="studio" list={() => <p>The studio&apos;s own screen</p>} />,
                        <CustomRoutes key="routes">
                            <Route path="/elsewhere" element={<p>Elsewhere</p>} />
                        </CustomRoutes>,
                        (permissions: Role | undefined) => prototypeResources(permissions, getPrototypes),
                    ]}
                </AdminUI>
            </AdminContext>
        </MemoryRouter>,
    );
    return { create, getPrototypes, logout };
};

const menuNames = () => screen.queryAllByRole('menuitem').map(item => item.textContent);

describe('the prototype resources', () => {
    it('are fetched for an admin and each gets a menu entry under "Prototypes", by its name', async () => {
        const { getPrototypes } = renderAdmin({
            collections: { rooms: [...rooms], price_list: [] },
            path: '/elsewhere',
        });
        expect(await screen.findByRole('menuitem', { name: 'price_list' })).toBeTruthy();
        expect(screen.getByText('Prototypes')).toBeTruthy();
        expect(menuNames()).toEqual(expect.arrayContaining(['price_list', 'rooms']));
        expect(menuNames().indexOf('price_list')).toBeLessThan(menuNames().indexOf('rooms'));
        expect(getPrototypes).toHaveBeenCalledTimes(1);
    });

    it('are fetched for a manager too, and named as they are in Russian', async () => {
        renderAdmin({ role: 'manager', locale: 'ru' });
        expect(await screen.findByRole('menuitem', { name: 'rooms' })).toBeTruthy();
        expect(screen.getByText('Прототипы')).toBeTruthy();
        // The page title too: the collection's name, not react-admin's English guess at one ("Rooms").
        expect(await screen.findByText('Blue room')).toBeTruthy();
        await waitFor(() => expect(document.getElementById('react-admin-title')?.textContent).toBe('rooms'));
    });

    it('are not even asked for by a teacher, who sees no Prototypes group', async () => {
        const { getPrototypes } = renderAdmin({ role: 'teacher', path: '/elsewhere' });
        expect(await screen.findByText('Elsewhere')).toBeTruthy();
        expect(screen.queryByText('Prototypes')).toBeNull();
        expect(screen.queryByRole('menuitem', { name: 'rooms' })).toBeNull();
        expect(getPrototypes).not.toHaveBeenCalled();
    });

    it('that cannot be fetched leave the user signed in, with the studio screens and without prototypes', async () => {
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        const { logout } = renderAdmin({ load: async () => Promise.reject(new Error('offline')), path: '/studio' });
        expect(await screen.findByText("The studio's own screen")).toBeTruthy();
        expect(screen.queryByText('Prototypes')).toBeNull();
        expect(logout).not.toHaveBeenCalled();
        expect(warn).toHaveBeenCalled();
        warn.mockRestore();
    });

    it('answer the prototype functions alone: none at once for a teacher or nobody, without a request', () => {
        const load = vi.fn(async () => [{ name: 'rooms', count: 1 }]);
        expect(prototypeResources('teacher', load)).toEqual([]);
        expect(prototypeResources(undefined, load)).toEqual([]);
        expect(load).not.toHaveBeenCalled();
    });
});

describe('a prototype list', () => {
    it('shows the records with columns guessed from them, and prints the guessed code', async () => {
        renderAdmin();
        const row = (await screen.findByText('Blue room')).closest('tr') as HTMLElement;
        expect(within(row).getByText('12')).toBeTruthy();
        expect(screen.getByText('Studio B')).toBeTruthy();
        expect(screen.getByRole('columnheader', { name: /Seats/ })).toBeTruthy();
        // The highlighted menu entry is the collection's.
        expect(screen.getByRole('menuitem', { name: 'rooms' }).getAttribute('aria-current')).toBe('page');
        await waitFor(() => expect(logged('Guessed List:')).toHaveLength(1));
        expect(logged('Guessed List:')[0]).toContain('<DataTable.NumberCol source="seats" />');
    });

    it('lets an admin create a record, and a manager not', async () => {
        renderAdmin();
        expect(await screen.findByText('Blue room')).toBeTruthy();
        expect(await screen.findByRole('link', { name: 'Create' })).toBeTruthy();
        cleanup();
        renderAdmin({ role: 'manager' });
        expect(await screen.findByText('Blue room')).toBeTruthy();
        // Given the time to show, as it does for an admin: the role's check has settled by then.
        await new Promise(resolve => setTimeout(resolve, 300));
        expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
        expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    });

    it('sends a manager who types the create or edit path to access denied', async () => {
        renderAdmin({ role: 'manager', path: '/rooms/create' });
        await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/access-denied'));
        cleanup();
        renderAdmin({ role: 'manager', path: '/rooms/1' });
        await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/access-denied'));
    });

    it('of an empty collection invites an admin to add the first record, a manager not', async () => {
        renderAdmin({ collections: { desks: [] }, path: '/desks' });
        expect(await screen.findByRole('link', { name: 'Create' })).toBeTruthy();
        cleanup();
        renderAdmin({ role: 'manager', collections: { desks: [] }, path: '/desks' });
        expect(await screen.findByText('No desks yet.')).toBeTruthy();
        await new Promise(resolve => setTimeout(resolve, 300));
        expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    });
});

const type = (label: string, value: string, index = 0) =>
    fireEvent.change(screen.getAllByLabelText(label)[index], { target: { value } });

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
