import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import {
    AdminContext,
    memoryStore,
    ResourceContextProvider,
    testDataProvider,
    type AuthProvider,
    type DataProvider,
    type Store,
    type UserIdentity,
} from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { canAccess, type Role } from '../../src/domain/roles';

/*
 * What the staff screens' tests share (tests/ui/*.test.tsx): a signed-in role, the app's messages in a
 * language, and a screen rendered at an address inside react-admin's context with a store of its own.
 */

export type Locale = 'en' | 'ru';

/** The app's messages in English or Russian, as the app picks them. */
export const i18nFor = (locale: Locale) =>
    polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale);

export interface AuthOptions {
    /** Who is signed in, for the screens that name them or show their own work; none by default. */
    identity?: UserIdentity;
    /**
     * The resource as react-admin names it, not as the app's data provider does: by default `settings/users`
     * is asked about as `users`, as the app's own auth provider does.
     */
    resourcesAsNamed?: boolean;
}

/** A signed-in user of the role, whose grants are the domain's (src/domain/roles.ts). */
export const authFor = (role: Role, { identity, resourcesAsNamed = false }: AuthOptions = {}): AuthProvider => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    ...(identity ? { getIdentity: async () => identity } : {}),
    canAccess: async ({ resource, action }) =>
        canAccess(role, { resource: resourcesAsNamed ? resource : resource.replace(/^settings\//, ''), action }),
});

export interface ScreenOptions extends AuthOptions {
    role?: Role;
    locale?: Locale;
    dataProvider?: DataProvider;
    /** Another auth provider than the role's; null for none, as the screens that ask nobody's rights run. */
    authProvider?: AuthProvider | null;
    /** The address the screen opens at. */
    path?: string;
    /** The route the element is rendered at; without one it is rendered whatever the address. */
    route?: string;
    /** The resource the element is rendered for (a list, an edit). */
    resource?: string;
    store?: Store;
}

/** The element at an address, for a role in a language (the admin in English unless told). */
export const renderScreen = (
    element: ReactNode,
    {
        role = 'admin',
        identity,
        resourcesAsNamed,
        locale = 'en',
        dataProvider = testDataProvider(),
        authProvider,
        path = '/',
        route,
        resource,
        store = memoryStore(),
    }: ScreenOptions = {},
) => {
    const auth = authProvider === null ? undefined : (authProvider ?? authFor(role, { identity, resourcesAsNamed }));
    const screen = resource ? <ResourceContextProvider value={resource}>{element}</ResourceContextProvider> : element;
    return render(
        <MemoryRouter initialEntries={[path]}>
            <AdminContext dataProvider={dataProvider} authProvider={auth} i18nProvider={i18nFor(locale)} store={store}>
                {route ? (
                    <Routes>
                        <Route path={route} element={screen} />
                    </Routes>
                ) : (
                    screen
                )}
            </AdminContext>
        </MemoryRouter>,
    );
};

/** A phone's width: every media query matches, so the screens take their compact, one-column form. */
export const phoneWidth = () =>
    vi.stubGlobal('matchMedia', (query: string) => ({
        matches: true,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
    }));
