// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore, ResourceContextProvider, testDataProvider, type AuthProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { canAccess } from '../../src/domain/permissions';
import type { Role, User } from '../../src/domain/types';
import users from '../../src/resources/users';

afterEach(cleanup);

const authAs = (role: Role): AuthProvider => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    getIdentity: async () => ({ id: 1, fullName: 'Olga Admin' }),
    canAccess: async ({ resource, action }) =>
        canAccess(role, { resource: resource.replace(/^settings\//, ''), action }),
});

const hour = 60 * 60_000;
const buildUser = (fields: Partial<User> = {}): User => ({
    id: 3,
    name: 'Anna Teacher',
    email: 'anna@studio.test',
    role: 'teacher',
    active: true,
    pay: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
});
const held = (since = new Date(Date.now() - hour / 2)) =>
    buildUser({
        signInHold: {
            since: since.toISOString(),
            failures: 100,
            until: new Date(since.getTime() + hour).toISOString(),
        },
    });

const renderCard = (
    user: User | (() => User),
    { role = 'admin' as Role, locale = 'en' as 'en' | 'ru', releaseSignIn = vi.fn() } = {},
) => {
    const dataProvider = {
        ...testDataProvider({
            getOne: async () => ({ data: typeof user === 'function' ? user() : user }) as never,
        }),
        releaseSignIn,
    };
    render(
        <MemoryRouter initialEntries={['/settings/users/3']}>
            <AdminContext
                dataProvider={dataProvider}
                i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                authProvider={authAs(role)}
                store={memoryStore()}
            >
                <Routes>
                    <Route
                        path="/settings/users/:id"
                        element={
                            <ResourceContextProvider value="settings/users">
                                <users.edit />
                            </ResourceContextProvider>
                        }
                    />
                </Routes>
            </AdminContext>
        </MemoryRouter>,
    );
    return releaseSignIn;
};

describe("a held user's card", () => {
    it('tells an admin since when and after how many failures, and releases it', async () => {
        let user = held();
        const releaseSignIn = vi.fn(async () => {
            user = buildUser();
            return user;
        });
        renderCard(() => user, { releaseSignIn });
        expect(await screen.findByText(/^Sign-in held since .+ after 100 failed sign-ins/)).toBeTruthy();
        fireEvent.click(screen.getByRole('button', { name: 'Release' }));
        await waitFor(() => expect(releaseSignIn).toHaveBeenCalledWith({ id: 3 }));
        // The card is read again, without the hold.
        await waitFor(() => expect(screen.queryByText(/Sign-in held/)).toBeNull());
        expect(screen.getByDisplayValue('Anna Teacher')).toBeTruthy();
    });

    it('says it in Russian', async () => {
        renderCard(held(), { locale: 'ru' });
        expect(await screen.findByText(/^Вход заблокирован с .+, неудачных попыток входа: 100/)).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Снять блокировку' })).toBeTruthy();
    });

    it('shows nothing when the hold has ended by itself or was released', async () => {
        renderCard(held(new Date(Date.now() - 2 * hour)));
        expect(await screen.findByDisplayValue('Anna Teacher')).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Release' })).toBeNull();
        cleanup();

        const released = held();
        renderCard({ ...released, signInHold: { ...released.signInHold!, releasedAt: new Date().toISOString() } });
        expect(await screen.findByDisplayValue('Anna Teacher')).toBeTruthy();
        expect(screen.queryByText(/Sign-in held/)).toBeNull();
    });
});
