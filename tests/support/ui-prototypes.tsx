import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
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
import { prototypeResources } from '../../src/resources/prototypes/prototypeResources';

/*
 * What the prototype screens' tests share (tests/ui/prototypes-*.test.tsx): the screens as <Admin> builds
 * them, with the same function child as the app's, the app's menu, an auth provider with the app's role
 * rules, and a data provider holding the prototype collections.
 */

/**
 * For the test file that calls it: the screens unmounted after each test, and console.log quieted, as
 * the guessers print their code on purpose. Returns what was printed starting with a prefix.
 */
export const quietGuessers = () => {
    let log: MockInstance<typeof console.log>;
    afterEach(cleanup);
    beforeEach(() => {
        log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
        return () => log.mockRestore();
    });
    return (prefix: string) =>
        log.mock.calls
            .map(call => call[0])
            .filter((message: unknown): message is string => typeof message === 'string' && message.startsWith(prefix));
};

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

export const rooms: RaRecord[] = [
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

export const renderAdmin = ({
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

export const menuNames = () => screen.queryAllByRole('menuitem').map(item => item.textContent);

export const type = (label: string, value: string, index = 0) =>
    fireEvent.change(screen.getAllByLabelText(label)[index], { target: { value } });
