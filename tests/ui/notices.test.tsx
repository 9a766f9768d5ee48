// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminUI, Resource, type DataProvider } from 'react-admin';
import type { Customer, Direction } from '../../src/domain/types';
import customers from '../../src/resources/customers';
import directions from '../../src/resources/directions';
import { fill, provider, tickPersonalData, type Locale } from '../support/forms';
import { renderScreen } from '../support/screen';

/*
 * A saved form says which record it saved, by the name the app shows it by, in the interface's
 * language: the Russian words agree with the resource's gender. The screens as <Admin> builds them,
 * with react-admin's notification under the layout.
 */

afterEach(cleanup);

const yoga: Direction = {
    id: 1,
    name: 'Йога',
    color: '#2e7d32',
    description: null,
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
} as Direction;

const renderApp = (locale: Locale, path: string, dataProvider: DataProvider) =>
    renderScreen(
        <AdminUI>
            {/* The card and the lists are elsewhere: here, the forms and where they go. */}
            <Resource
                name="customers"
                create={customers.create}
                edit={() => <p>a customer card</p>}
                recordRepresentation={customers.recordRepresentation}
            />
            <Resource
                name="settings/directions"
                edit={directions.edit}
                list={() => <p>the directions</p>}
                recordRepresentation={directions.recordRepresentation}
            />
        </AdminUI>,
        { dataProvider, locale, path },
    );

describe('the notice of a saved form', () => {
    it.each([
        ['en', 'First name', 'Last name', 'Phone', 'Save', 'Customer Анна Королёва added'],
        ['ru', 'Имя', 'Фамилия', 'Телефон', 'Сохранить', 'Клиент Анна Королёва добавлен'],
    ] as const)('names a new customer in %s', async (locale, first, last, phone, save, notice) => {
        const create = vi.fn(async (_resource: string, { data }: { data: Partial<Customer> }) => ({
            data: { ...data, id: 43 },
        }));
        renderApp(locale, '/customers/create', provider({ create: create as never }));
        await screen.findByText('Занимается');
        await tickPersonalData(locale);
        await fill(first, 'Анна');
        await fill(last, 'Королёва');
        await fill(phone, '+7 900 555-01-02');
        fireEvent.click(screen.getByRole('button', { name: save }));
        expect(await screen.findByText(notice)).toBeTruthy();
        expect(await screen.findByText('a customer card')).toBeTruthy();
        expect(document.body.textContent).not.toMatch(/Element created|Элемент создан/);
    });

    it.each([
        ['en', 'Name', 'Save', 'Direction “Йога для спины” saved'],
        ['ru', 'Название', 'Сохранить', 'Направление «Йога для спины» сохранено'],
    ] as const)('names a changed direction in %s, in the gender of the word', async (locale, name, save, notice) => {
        const update = vi.fn(async (_resource: string, { data }: { data: Direction }) => ({ data }));
        const dataProvider = provider({
            getOne: (async () => ({ data: yoga })) as never,
            update: update as never,
        });
        renderApp(locale, '/settings/directions/1', dataProvider);
        await screen.findByDisplayValue('Йога');
        await fill(name, 'Йога для спины');
        fireEvent.click(screen.getByRole('button', { name: save }));
        expect(await screen.findByText(notice)).toBeTruthy();
        expect(await screen.findByText('the directions')).toBeTruthy();
        expect(document.body.textContent).not.toMatch(/Element updated|Элемент обновлён/);
    });
});
