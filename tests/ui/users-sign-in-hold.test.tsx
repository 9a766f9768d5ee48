// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDataProvider } from 'react-admin';
import type { Role, User } from '../../src/domain/types';
import users from '../../src/resources/users';
import { renderScreen } from '../support/screen';

afterEach(cleanup);

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
    renderScreen(<users.edit />, {
        dataProvider,
        role,
        identity: { id: 1, fullName: 'Olga Admin' },
        locale,
        path: '/settings/users/3',
        route: '/settings/users/:id',
        resource: 'settings/users',
    });
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
