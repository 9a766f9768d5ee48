// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { payRate } from '../../src/domain/pay';
import type { User } from '../../src/domain/types';
import users from '../../src/resources/users';
import { UserList } from '../../src/resources/users/UserList';
import { renderScreen, type Locale } from '../support/screen';

/*
 * A user's colour (their classes in the calendar) is seen as a colour: a swatch in the list and a colour
 * picker on the card, the hex code at most in a tooltip, never as the text "#E91E63".
 */

afterEach(cleanup);

const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow' };

const vera: User = {
    id: 6,
    name: 'Vera Colour',
    email: 'vera@studio.test',
    role: 'teacher',
    active: true,
    color: '#E91E63',
    pay: [payRate({ kind: 'per_attendee', amount: 300 })],
    createdAt: '2026-01-01T00:00:00.000Z',
};

const renderAt = (path: string, locale: Locale) => {
    const update = vi.fn(async (_resource: string, { data }: { data: unknown }) => ({ data }) as never);
    renderScreen(
        <Routes>
            <Route path="/settings/users" element={<UserList />} />
            <Route path="/settings/users/:id" element={<users.edit />} />
        </Routes>,
        {
            dataProvider: testDataProvider({
                getOne: async resource => ({ data: resource === 'configs' ? config : vera }) as never,
                getList: async resource =>
                    (resource === 'settings/users' ? { data: [vera], total: 1 } : { data: [], total: 0 }) as never,
                getMany: async () => ({ data: [] }),
                update,
            }),
            identity: { id: 1, fullName: 'Olga Admin' },
            locale,
            path,
            resource: 'settings/users',
        },
    );
    return update;
};

const words = {
    en: { colour: 'Calendar colour', save: 'Save' },
    ru: { colour: 'Цвет в календаре', save: 'Сохранить' },
} as const;

describe("a user's colour", () => {
    it.each(['en', 'ru'] as const)('is a swatch in the list, its code only as its name (%s)', async locale => {
        renderAt('/settings/users', locale);
        const row = (await screen.findByText('Vera Colour')).closest('tr') as HTMLElement;
        const swatch = within(row).getByRole('img', { name: `${words[locale].colour} #E91E63` });
        expect(swatch.style.backgroundColor).toBe('rgb(233, 30, 99)');
        expect(row.textContent).not.toContain('#E91E63');
    });

    it.each(['en', 'ru'] as const)(
        'is picked with a colour picker on the card and saved as a code (%s)',
        async locale => {
            const update = renderAt('/settings/users/6', locale);
            await screen.findByDisplayValue('Vera Colour');
            const picker = screen.getByLabelText(words[locale].colour) as HTMLInputElement;
            expect(picker.type).toBe('color');
            expect(picker.value).toBe('#e91e63');
            expect(screen.queryByDisplayValue('#E91E63')).toBeNull();
            fireEvent.change(picker, { target: { value: '#3f51b5' } });
            await waitFor(() => expect(picker.value).toBe('#3f51b5'));
            fireEvent.click(screen.getByRole('button', { name: words[locale].save }));
            await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
            expect((update.mock.calls[0][1].data as User).color).toBe('#3f51b5');
        },
    );
});
