// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../support/screen';
import { Menu } from '../../src/app/Menu';
import { ErrorScreen } from '../../src/app/errors/ErrorScreen';
import { NotFound } from '../../src/app/errors/NotFound';

afterEach(cleanup);

describe('the not-found page', () => {
    it('names the path in English and in Russian', async () => {
        renderScreen(<NotFound />, { path: '/nope' });
        expect(await screen.findByText('Page not found: /nope')).toBeTruthy();
        cleanup();
        renderScreen(<NotFound />, { path: '/nope', locale: 'ru' });
        expect(await screen.findByText('Страница не найдена: /nope')).toBeTruthy();
    });
});

describe('the error screen', () => {
    it('shows the title, the error text and the three buttons in Russian', async () => {
        const onRetry = vi.fn();
        const onBack = vi.fn();
        const onHome = vi.fn();
        renderScreen(<ErrorScreen error={new Error('boom')} onRetry={onRetry} onBack={onBack} onHome={onHome} />, {
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
        renderScreen(<ErrorScreen error={new Error('boom')} onRetry={() => undefined} onHome={() => undefined} />);
        expect(await screen.findByText('An error occurred')).toBeTruthy();
        expect(screen.getByText('Try to return to the page')).toBeTruthy();
        expect(screen.queryByText('Go back to the previous page')).toBeNull();
        expect(screen.getByText('Go to the home page')).toBeTruthy();
    });
});

describe('the menu', () => {
    it('groups everything for an admin, in Russian', async () => {
        renderScreen(<Menu />, { locale: 'ru' });
        for (const name of ['Клиенты', 'Занятия', 'Пользователи', 'Виды абонементов', 'Общие настройки'])
            expect(await screen.findByRole('menuitem', { name })).toBeTruthy();
        expect(screen.getByText('Настройки')).toBeTruthy();
    });

    it('shows a manager the catalogue but not users, statuses or configs', async () => {
        renderScreen(<Menu />, { role: 'manager' });
        expect(await screen.findByRole('menuitem', { name: 'Courses' })).toBeTruthy();
        expect(screen.getByRole('menuitem', { name: 'Customers' })).toBeTruthy();
        for (const name of ['Users', 'General settings', 'Customer statuses'])
            expect(screen.queryByRole('menuitem', { name })).toBeNull();
    });

    it('shows a teacher only the timetable', async () => {
        renderScreen(<Menu />, { role: 'teacher' });
        expect(await screen.findByRole('menuitem', { name: 'Classes' })).toBeTruthy();
        for (const label of ['Customers', 'Courses', 'Users', 'Subscription plans', 'Settings'])
            expect(screen.queryByText(label)).toBeNull();
    });
});
