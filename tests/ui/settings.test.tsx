// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, testDataProvider, type DataProvider } from 'react-admin';
import type { ReactNode } from 'react';
import type { Direction, Role } from '../../src/domain/types';
import directions from '../../src/resources/directions';
import users from '../../src/resources/users';
import { StatusListPage } from '../../src/resources/statuses/StatusListPage';
import { renderScreen } from '../support/screen';

afterEach(cleanup);

const buildDirection = (fields: Partial<Direction> = {}): Direction => ({
    id: 1,
    name: 'Йога',
    color: '#2e7d32',
    description: 'Хатха и виньяса',
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
});

interface Options {
    locale?: 'en' | 'ru';
    role?: Role;
    path: string;
    route: string;
    resource?: string;
    dataProvider?: DataProvider;
}

/** The screens here are the admin's, Olga's, unless a test names another role. */
const renderAt = (ui: ReactNode, options: Options) =>
    renderScreen(ui, { ...options, identity: { id: 1, fullName: 'Olga Admin' } });

const directionProvider = (overrides: Partial<DataProvider> = {}) =>
    testDataProvider({
        getOne: async () => ({ data: buildDirection() }) as never,
        ...overrides,
    });

describe('a direction page', () => {
    it('is a form with save and delete for an admin', async () => {
        renderAt(<directions.edit />, {
            path: '/settings/directions/1',
            route: '/settings/directions/:id',
            resource: 'settings/directions',
            dataProvider: directionProvider(),
        });
        expect(await screen.findByDisplayValue('Йога')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
        expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    });

    it('is read-only for a manager: no inputs, no save, no delete', async () => {
        renderAt(<directions.edit />, {
            role: 'manager',
            path: '/settings/directions/1',
            route: '/settings/directions/:id',
            resource: 'settings/directions',
            dataProvider: directionProvider(),
        });
        expect(await screen.findByText('Хатха и виньяса')).toBeTruthy();
        expect(screen.queryByRole('textbox')).toBeNull();
        expect(screen.queryByRole('button', { name: /Save|Delete/ })).toBeNull();
    });

    it('explains a refused delete in Russian and deactivates the direction instead', async () => {
        const update = vi.fn(async (_resource: string, params: { data: Partial<Direction> }) => ({
            data: buildDirection(params.data),
        }));
        const dataProvider = directionProvider({
            delete: async () => {
                throw new HttpError('in use', 409, {
                    message: 'in use',
                    referrers: [{ collection: 'courses', field: 'directionId', count: 3 }],
                });
            },
            update: update as never,
        });
        renderAt(<directions.edit />, {
            locale: 'ru',
            path: '/settings/directions/1',
            route: '/settings/directions/:id',
            resource: 'settings/directions',
            dataProvider,
        });
        fireEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
        fireEvent.click(await screen.findByRole('button', { name: 'Подтвердить' }));
        await screen.findByText('Эту запись нельзя удалить: она используется (3 курса).');
        fireEvent.click(screen.getByRole('button', { name: 'Сделать неактивной' }));
        await waitFor(() => expect(update).toHaveBeenCalled());
        expect(update.mock.calls[0][0]).toBe('settings/directions');
        expect(update.mock.calls[0][1].data).toEqual({ active: false });
    });

    it('checks the fields with the domain schema before sending, in Russian', async () => {
        const create = vi.fn();
        renderAt(<directions.create />, {
            locale: 'ru',
            path: '/settings/directions/create',
            route: '/settings/directions/create',
            resource: 'settings/directions',
            dataProvider: testDataProvider({ create }),
        });
        fireEvent.change(await screen.findByLabelText('Цвет'), { target: { value: 'green' } });
        fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
        expect(await screen.findByText('Укажите цвет в формате #rrggbb')).toBeTruthy();
        expect(create).not.toHaveBeenCalled();
    });
});

describe('a user page', () => {
    const self = {
        id: 1,
        name: 'Olga Admin',
        email: 'admin@studio.test',
        role: 'admin',
        active: true,
        pay: { kind: 'none', amount: 0 },
        createdAt: '2026-01-01T00:00:00.000Z',
    };

    it('does not let an admin change their own role or deactivate themselves, and shows no password', async () => {
        renderAt(<users.edit />, {
            path: '/settings/users/1',
            route: '/settings/users/:id',
            resource: 'settings/users',
            dataProvider: testDataProvider({ getOne: async () => ({ data: self }) as never }),
        });
        expect(await screen.findByDisplayValue('Olga Admin')).toBeTruthy();
        await waitFor(() =>
            expect(screen.getByRole('combobox', { name: 'Role' }).getAttribute('aria-disabled')).toBe('true'),
        );
        expect((screen.getByRole('switch', { name: 'Active' }) as HTMLInputElement).disabled).toBe(true);
        expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    });

    it('shows the pay rule for teachers only', async () => {
        renderAt(<users.create />, {
            path: '/settings/users/create',
            route: '/settings/users/create',
            resource: 'settings/users',
        });
        expect(await screen.findByLabelText('Pay rule')).toBeTruthy();
        fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role' }));
        fireEvent.click(await screen.findByRole('option', { name: 'Manager' }));
        await waitFor(() => expect(screen.queryByLabelText('Pay rule')).toBeNull());
    });
});

describe('the status list page', () => {
    it('shows the not-found page for an unknown list', async () => {
        renderAt(<StatusListPage />, { path: '/settings/statuses/payments', route: '/settings/statuses/:name' });
        expect(await screen.findByText('Page not found: /settings/statuses/payments')).toBeTruthy();
    });
});
