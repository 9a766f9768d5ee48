// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore, testDataProvider, type AuthProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { Menu } from '../../src/app/Menu';
import { canAccess } from '../../src/domain/permissions';
import type { Role } from '../../src/domain/types';
import { ErrorScreen } from '../../src/app/errors/ErrorScreen';
import { NotFound } from '../../src/app/errors/NotFound';

afterEach(cleanup);

const i18n = (locale: 'en' | 'ru') =>
    polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale);

const authAs = (role: Role): AuthProvider => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    canAccess: async ({ resource, action }) =>
        canAccess(role, { resource: resource.replace(/^settings\//, ''), action }),
});

const renderIn = (
    ui: ReactNode,
    { locale = 'en', role = 'admin', path = '/' }: { locale?: 'en' | 'ru'; role?: Role; path?: string } = {},
) =>
    render(
        <MemoryRouter initialEntries={[path]}>
            <AdminContext
                dataProvider={testDataProvider()}
                i18nProvider={i18n(locale)}
                authProvider={authAs(role)}
                store={memoryStore()}
            >
                {ui}
            </AdminContext>
        </MemoryRouter>,
    );

describe('the not-found page', () => {
    it('names the path in English and in Russian', async () => {
        renderIn(<NotFound />, { path: '/nope' });
        expect(await screen.findByText('Page not found: /nope')).toBeTruthy();
        cleanup();
        renderIn(<NotFound />, { path: '/nope', locale: 'ru' });
        expect(await screen.findByText('Страница не найдена: /nope')).toBeTruthy();
    });
});

describe('the error screen', () => {
    it('shows the title, the error text and the three buttons in Russian', async () => {
        const onRetry = vi.fn();
        const onBack = vi.fn();
        const onHome = vi.fn();
        renderIn(<ErrorScreen error={new Error('boom')} onRetry={onRetry} onBack={onBack} onHome={onHome} />, {
            locale: 'ru',
        });
        expect(await screen.findByText('Произошла ошибка')).toBeTruthy();
        expect(screen.getByText('boom')).toBeTruthy();
        fireEvent.click(screen.getByText('Попробовать вернуться на страницу'));
        fireEvent.click(screen.getByText('Вернуться на предыдущую страницу'));
        fireEvent.click(screen.getByText('Вернуться на главную страницу'));
        expect([onRetry, onBack, onHome].map(handler => handler.mock.calls.length)).toEqual([1, 1, 1]);
    });

    it('has no back button when there is nowhere to go back to', async () => {
        renderIn(<ErrorScreen error={new Error('boom')} onRetry={() => undefined} onHome={() => undefined} />);
        expect(await screen.findByText('An error occurred')).toBeTruthy();
        expect(screen.getByText('Try to return to the page')).toBeTruthy();
        expect(screen.queryByText('Go back to the previous page')).toBeNull();
        expect(screen.getByText('Go to the home page')).toBeTruthy();
    });
});

describe('the menu', () => {
    it('groups everything for an admin, in Russian', async () => {
        renderIn(<Menu />, { locale: 'ru' });
        for (const name of ['Клиенты', 'Занятия', 'Пользователи', 'Виды абонементов', 'Общие настройки'])
            expect(await screen.findByRole('menuitem', { name })).toBeTruthy();
        expect(screen.getByText('Настройки')).toBeTruthy();
    });

    it('shows a manager the catalogue but not users, statuses or configs', async () => {
        renderIn(<Menu />, { role: 'manager' });
        expect(await screen.findByRole('menuitem', { name: 'Courses' })).toBeTruthy();
        expect(screen.getByRole('menuitem', { name: 'Customers' })).toBeTruthy();
        for (const name of ['Users', 'General settings', 'Customer statuses'])
            expect(screen.queryByRole('menuitem', { name })).toBeNull();
    });

    it('shows a teacher only the timetable', async () => {
        renderIn(<Menu />, { role: 'teacher' });
        expect(await screen.findByRole('menuitem', { name: 'Classes' })).toBeTruthy();
        for (const label of ['Customers', 'Courses', 'Users', 'Subscription plans', 'Settings'])
            expect(screen.queryByText(label)).toBeNull();
    });
});
