// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import type { ImportDryRun } from '../../src/app/dataProvider';
import { ImportCreate } from '../../src/resources/imports/ImportCreate';
import type { Locale } from '../support/forms';
import { renderScreen } from '../support/screen';

/*
 * The import's dry run, reviewed before anything is written, in both languages: the rows it would create
 * and update with the person's name and phone (or e-mail), and each error and warning naming the person
 * as well as the line.
 */

afterEach(cleanup);

const dryRun: ImportDryRun = {
    encoding: 'utf-8',
    separator: ';',
    columns: [
        { header: 'Фамилия Имя', field: 'fullName' },
        { header: 'Телефон', field: 'phone' },
        { header: 'E-mail', field: 'email' },
        { header: 'Дата рождения', field: 'birthDate' },
        { header: 'Абонемент', field: 'plan' },
        { header: 'Комментарий', field: 'notes' },
    ],
    rows: { create: 2, update: 1, skip: 0 },
    passes: 1,
    lines: [
        {
            row: 2,
            action: 'update',
            name: 'Известнова Вера',
            phone: '+79010000001',
            email: null,
            customerId: 7,
            fields: ['notes'],
        },
        { row: 4, action: 'create', name: 'Почтова Ева', phone: null, email: 'eva.import@example.test' },
        { row: 5, action: 'create', name: 'Датова Ия', phone: '+79010000002', email: null, pass: '8 занятий' },
    ],
    errors: [
        {
            row: 3,
            name: 'Другова Нина',
            field: 'phone',
            message: 'app.import.phone_of_another',
            params: { names: 'Известнова Вера' },
        },
    ],
    warnings: [
        {
            row: 5,
            name: 'Датова Ия',
            field: 'birthDate',
            message: 'app.import.birth_date_dropped',
            params: { value: '31.02.1990' },
        },
    ],
};

const renderWizard = (locale: Locale) => {
    const importCustomers = vi.fn(async () => dryRun);
    renderScreen(
        <ResourceContextProvider value="imports">
            <ImportCreate />
        </ResourceContextProvider>,
        {
            dataProvider: testDataProvider({ importCustomers } as never),
            authProvider: null,
            locale,
            path: '/imports/create',
        },
    );
    fireEvent.change(screen.getByTestId('import-file'), {
        target: { files: [new File(['x'], 'people.csv', { type: 'text/csv' })] },
    });
};

const cellsOf = (rows: HTMLElement[]) =>
    rows.map(row =>
        within(row)
            .getAllByRole('cell')
            .map(cell => cell.textContent),
    );

describe('the dry run of an import', () => {
    it.each([
        [
            'en',
            ['2', 'Известнова Вера', '+7 901 000-00-01', 'Updated: Notes'],
            [
                ['4', 'Почтова Ева', 'eva.import@example.test', 'New customer'],
                ['5', 'Датова Ия', '+7 901 000-00-02', 'New customer, pass “8 занятий” carried over'],
            ],
            /^Under another name, this phone is Известнова Вера’s/,
            'The birth date “31.02.1990” cannot be read: the customer is imported without it',
        ],
        [
            'ru',
            ['2', 'Известнова Вера', '+7 901 000-00-01', 'Обновятся: Комментарий'],
            [
                ['4', 'Почтова Ева', 'eva.import@example.test', 'Новый клиент'],
                ['5', 'Датова Ия', '+7 901 000-00-02', 'Новый клиент, перенесётся абонемент «8 занятий»'],
            ],
            /^Этот телефон есть у клиента с другим именем: Известнова Вера/,
            'Дату рождения «31.02.1990» не удаётся прочитать: клиент загрузится без неё',
        ],
    ] as const)(
        'lists the rows it would create and update, and names the person of each problem, in %s',
        async (locale, updated, created, conflict, warning) => {
            renderWizard(locale as Locale);
            expect(cellsOf(await screen.findAllByTestId('import-line-update'))).toEqual([updated]);
            expect(cellsOf(screen.getAllByTestId('import-line-create'))).toEqual(created);
            const [error] = cellsOf(screen.getAllByTestId('import-error'));
            expect(error.slice(0, 3)).toEqual(['3', 'Другова Нина', 'Телефон']);
            expect(error[3]).toMatch(conflict);
            expect(cellsOf(screen.getAllByTestId('import-warning'))).toEqual([
                ['5', 'Датова Ия', 'Дата рождения', warning],
            ]);
        },
    );
});
