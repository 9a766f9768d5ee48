// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import iconv from 'iconv-lite';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
    AdminContext,
    HttpError,
    memoryStore,
    Notification,
    ResourceContextProvider,
    testDataProvider,
    type AuthProvider,
    type DataProvider,
} from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ImportCustomersInput, ImportDryRun } from '../../src/app/dataProvider';
import { canAccess } from '../../src/domain/permissions';
import type { Config, Import, Role } from '../../src/domain/types';
import { CustomerList } from '../../src/resources/customers/CustomerList';
import { ImportCreate } from '../../src/resources/imports/ImportCreate';
import { ImportList } from '../../src/resources/imports/ImportList';
import { anna, i18n, type Locale } from '../support/forms';

/*
 * Importing customers on the staff's screens: the file chosen goes as it is to a dry run, whose guessed
 * columns are shown and changed (each change runs it again with the columns chosen), with the counts and
 * each row's error in words; Import applies it with the same columns. The history lists the imports and
 * undoes one after asking, saying which record stops it when the server refuses.
 */

afterEach(cleanup);

const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow' } as Config;

const authAs = (role: Role): AuthProvider => ({
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => role,
    canAccess: async ({ resource, action }) => canAccess(role, { resource, action }),
});

const provider = (overrides: Record<string, unknown> = {}) =>
    testDataProvider({
        getOne: (async () => ({ data: config })) as never,
        getList: (async () => ({ data: [], total: 0 })) as never,
        getMany: (async () => ({ data: [] })) as never,
        getManyReference: (async () => ({ data: [], total: 0 })) as never,
        ...overrides,
    } as never);

const renderAt = (
    ui: ReactNode,
    {
        locale = 'en',
        path,
        resource,
        dataProvider,
        role = 'manager',
    }: { locale?: Locale; path: string; resource: string; dataProvider: DataProvider; role?: Role },
) =>
    render(
        <MemoryRouter initialEntries={[path]}>
            <AdminContext
                dataProvider={dataProvider}
                authProvider={authAs(role)}
                i18nProvider={i18n(locale)}
                store={memoryStore()}
            >
                <Routes>
                    <Route
                        path={path}
                        element={
                            <ResourceContextProvider value={resource}>
                                {ui}
                                <Notification />
                            </ResourceContextProvider>
                        }
                    />
                    <Route path="/imports" element={<p>The history of imports</p>} />
                </Routes>
            </AdminContext>
        </MemoryRouter>,
    );

const headers = ['ФИО', 'Мобильный номер клиента', 'Дата рождения', 'Абонемент', 'Осталось занятий', 'Действует до'];
/** A Windows-1251 file as Excel saves it: the screen must send its bytes untouched. */
const bytes = iconv.encode(
    [
        headers.join(';'),
        'Импортова Мария;8 912 345-67-01;12.03.1990;8 занятий;5;31.12.2030',
        'Импортов Пётр;89123456702;;;;',
        'Импортова Анна;89123456703;31.02.2001;;;',
        'Импортова Мария;8 912 345-67-01;;;;',
        'Импортов Лев;89123456705;;Нет такого;3;31.12.2030',
    ].join('\r\n'),
    'win1251',
);

const guessed: ImportDryRun = {
    encoding: 'windows-1251',
    separator: ';',
    columns: [
        { header: 'ФИО', field: 'fullName' },
        { header: 'Мобильный номер клиента', field: null },
        { header: 'Дата рождения', field: 'birthDate' },
        { header: 'Абонемент', field: 'plan' },
        { header: 'Осталось занятий', field: 'visitsLeft' },
        { header: 'Действует до', field: 'passEnds' },
    ],
    rows: { create: 0, update: 0, skip: 0 },
    passes: 0,
    errors: [2, 3, 4, 5, 6].map(row => ({ row, field: 'phone', message: 'ra.validation.required' })),
};

const withPhone: ImportDryRun = {
    ...guessed,
    columns: guessed.columns.map(column =>
        column.header === 'Мобильный номер клиента' ? { ...column, field: 'phone' } : column,
    ),
    rows: { create: 2, update: 0, skip: 0 },
    passes: 1,
    errors: [
        { row: 4, field: 'birthDate', message: 'app.validation.date' },
        { row: 5, field: 'phone', message: 'app.import.duplicate_row', params: { line: 2 } },
        { row: 6, field: 'plan', message: 'app.import.unknown_plan' },
    ],
};

const chosenMapping = {
    ФИО: 'fullName',
    'Мобильный номер клиента': 'phone',
    'Дата рождения': 'birthDate',
    Абонемент: 'plan',
    'Осталось занятий': 'visitsLeft',
    'Действует до': 'passEnds',
};

const applied: Import = {
    id: 7,
    createdAt: '2026-11-27T09:30:00.000Z',
    fileName: 'clients.csv',
    createdBy: 2,
    createdByName: 'Maria Manager',
    counts: { create: 2, update: 0, skip: 0, errors: 3, passes: 1 },
    errors: withPhone.errors,
    created: [],
    updated: [],
    undoneAt: null,
    undoneBy: null,
};

/** The import's endpoint: a dry run answers by the columns chosen, applying answers the import. */
const importEndpoint = () =>
    vi.fn(async (input: ImportCustomersInput) => {
        if (!input.dryRun) return applied;
        return input.mapping?.['Мобильный номер клиента'] === 'phone' ? withPhone : guessed;
    });

const chooseFile = (name = 'clients.csv') =>
    fireEvent.change(screen.getByTestId('import-file'), {
        target: { files: [new File([new Uint8Array(bytes)], name, { type: 'text/csv' })] },
    });

const renderWizard = (importCustomers = importEndpoint(), locale: Locale = 'en') => {
    renderAt(<ImportCreate />, {
        locale,
        path: '/imports/create',
        resource: 'imports',
        dataProvider: provider({ importCustomers }),
    });
    return importCustomers;
};

const pickField = async (header: string, field: string) => {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: header }));
    fireEvent.click(await screen.findByRole('option', { name: field }));
};

describe('the import wizard', () => {
    it('sends the file chosen as it is for a dry run and shows the columns guessed', async () => {
        const importCustomers = renderWizard();
        expect(screen.getByRole('heading', { name: 'Import customers' })).toBeTruthy();
        chooseFile();
        await waitFor(() => expect(importCustomers).toHaveBeenCalledTimes(1));
        const [call] = importCustomers.mock.calls[0];
        expect(call).toMatchObject({ fileName: 'clients.csv', dryRun: true, mapping: undefined });
        // The bytes as they are on the disk: the server, not the browser, reads Windows-1251.
        expect(new Uint8Array(call.file as ArrayBuffer)).toEqual(new Uint8Array(bytes));

        expect((await screen.findByRole('combobox', { name: 'ФИО' })).textContent).toBe('Full name (last and first)');
        expect(screen.getByRole('combobox', { name: 'Мобильный номер клиента' }).textContent).toBe('— ignore —');
        expect(screen.getByRole('combobox', { name: 'Абонемент' }).textContent).toBe('Plan of the pass');
        expect(screen.getByRole('combobox', { name: 'Осталось занятий' }).textContent).toBe('Visits left');
        expect(screen.getByRole('combobox', { name: 'Действует до' }).textContent).toBe('Pass ends');
        expect(screen.getByTestId('import-file-name').textContent).toBe(
            'clients.csv · windows-1251 · separated by “;”',
        );
        // Without a phone column every row is an error, said against the field the file lacks.
        const rows = screen.getAllByTestId('import-error');
        expect(rows).toHaveLength(5);
        expect(
            within(rows[0])
                .getAllByRole('cell')
                .map(cell => cell.textContent),
        ).toEqual(['2', '', 'Phone (no column)', 'Required']);
        expect((screen.getByRole('button', { name: 'Import 0 customers' }) as HTMLButtonElement).disabled).toBe(true);
    });

    it('runs the dry run again with the columns chosen, and shows its counts and errors in words', async () => {
        const importCustomers = renderWizard();
        chooseFile();
        await pickField('Мобильный номер клиента', 'Phone');
        await waitFor(() => expect(importCustomers).toHaveBeenCalledTimes(2));
        expect(importCustomers.mock.calls[1][0]).toMatchObject({ dryRun: true, mapping: chosenMapping });
        await waitFor(() => expect(screen.getByTestId('import-count-create').textContent).toBe('To create 2'));
        expect(screen.getByRole('combobox', { name: 'Мобильный номер клиента' }).textContent).toBe('Phone');
        expect(screen.getByTestId('import-counts').textContent).toBe(
            'To create 2To update 0Unchanged 0Passes carried over 1Errors 3',
        );
        expect(
            screen.getAllByTestId('import-error').map(row =>
                within(row)
                    .getAllByRole('cell')
                    .map(cell => cell.textContent),
            ),
        ).toEqual([
            ['4', '', 'Дата рождения', 'Enter a valid date'],
            ['5', '', 'Мобильный номер клиента', 'The same person as line 2 of the file'],
            ['6', '', 'Абонемент', 'The studio has no plan of this name'],
        ]);

        // A column left out is sent as null.
        await pickField('Дата рождения', '— ignore —');
        await waitFor(() => expect(importCustomers).toHaveBeenCalledTimes(3));
        expect(importCustomers.mock.calls[2][0].mapping).toEqual({ ...chosenMapping, 'Дата рождения': null });
    });

    it('imports with the same columns, showing progress, then the result with the way to the history', async () => {
        let finish: (done: Import) => void = () => undefined;
        const endpoint = importEndpoint();
        const importCustomers = vi.fn(async (input: ImportCustomersInput) =>
            input.dryRun ? endpoint(input) : new Promise<Import>(resolve => (finish = resolve)),
        );
        renderWizard(importCustomers);
        chooseFile();
        await pickField('Мобильный номер клиента', 'Phone');
        const apply = await screen.findByRole('button', { name: 'Import 2 customers' });
        await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
        fireEvent.click(apply);
        await waitFor(() => expect(importCustomers).toHaveBeenCalledTimes(3));
        expect(importCustomers.mock.calls[2][0]).toMatchObject({
            fileName: 'clients.csv',
            dryRun: false,
            mapping: chosenMapping,
        });
        // One request: an indeterminate bar, and nothing else can be pressed meanwhile.
        expect(screen.getByRole('progressbar', { name: 'Importing…' })).toBeTruthy();
        expect((apply as HTMLButtonElement).disabled).toBe(true);
        expect(screen.getByRole('combobox', { name: 'ФИО' }).getAttribute('aria-disabled')).toBe('true');
        finish(applied);
        const done = await screen.findByTestId('import-done');
        expect(done.textContent).toContain(
            'Imported from clients.csv. Created: 2, updated: 0, unchanged: 0, passes carried over: 1, rows with errors left out: 3.',
        );
        expect(await screen.findByText('Customers imported')).toBeTruthy();
        expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
        fireEvent.click(within(done).getByRole('link', { name: 'History of imports' }));
        expect(await screen.findByText('The history of imports')).toBeTruthy();
    });

    it('says why the server could not read the file', async () => {
        const importCustomers = vi.fn(async () => {
            throw new HttpError('Line 3 of the file cannot be read as CSV', 400, {
                errors: { file: 'app.import.unreadable' },
                line: 3,
            });
        });
        renderWizard(importCustomers);
        chooseFile('broken.csv');
        expect((await screen.findByTestId('import-problem')).textContent).toBe(
            'Line 3 of the file cannot be read as CSV: check its quotes',
        );
        expect(screen.queryByRole('combobox')).toBeNull();
    });

    it('speaks Russian', async () => {
        renderWizard(importEndpoint(), 'ru');
        expect(screen.getByRole('heading', { name: 'Импорт клиентов' })).toBeTruthy();
        expect(screen.getByText('Выбрать CSV-файл')).toBeTruthy();
        chooseFile();
        expect((await screen.findByRole('combobox', { name: 'ФИО' })).textContent).toBe('ФИО');
        expect(screen.getByRole('combobox', { name: 'Мобильный номер клиента' }).textContent).toBe('— не загружать —');
        expect(screen.getByRole('combobox', { name: 'Абонемент' }).textContent).toBe('Абонемент');
        await pickField('Мобильный номер клиента', 'Телефон');
        await waitFor(() => expect(screen.getByTestId('import-count-create').textContent).toBe('Создать 2'));
        expect(screen.getByTestId('import-count-passes').textContent).toBe('Перенести абонементов 1');
        expect(screen.getByText('Тот же человек, что в строке 2 файла')).toBeTruthy();
        expect(screen.getByText('Введите правильную дату')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Импортировать 2 клиента' })).toBeTruthy();
    });
});

describe('the history of imports', () => {
    const undone: Import = {
        ...applied,
        id: 6,
        createdAt: '2026-11-20T08:00:00.000Z',
        fileName: 'old.csv',
        counts: { create: 1, update: 1, skip: 4, errors: 0, passes: 0 },
        undoneAt: '2026-11-21T08:00:00.000Z',
        undoneBy: 1,
    };
    const used: Import = { ...applied, id: 5, createdAt: '2026-11-19T08:00:00.000Z', fileName: 'used.csv' };

    const renderHistory = (undoImport: (params: { id: number }) => Promise<unknown>, locale: Locale = 'en') => {
        const getList = vi.fn(async () => ({ data: [applied, undone, used], total: 3 }));
        renderAt(<ImportList />, {
            locale,
            path: '/imports',
            resource: 'imports',
            dataProvider: provider({ getList, undoImport }),
        });
        return getList;
    };
    const rowOf = async (fileName: string) => (await screen.findByText(fileName)).closest('tr') as HTMLElement;

    it('lists the imports newest first, and undoes one after asking', async () => {
        const undoImport = vi.fn(async ({ id }: { id: number }) => ({
            ...applied,
            id,
            undoneAt: '2026-11-27T10:00:00Z',
        }));
        const getList = renderHistory(undoImport);
        const row = within(await rowOf('clients.csv'));
        expect(getList).toHaveBeenCalledWith(
            'imports',
            expect.objectContaining({ sort: { field: 'createdAt', order: 'DESC' } }),
        );
        // 09:30 UTC is 12:30 in Moscow, the studio's zone.
        expect(await row.findByText('11/27/2026 12:30 PM')).toBeTruthy();
        expect(row.getByText('Maria Manager')).toBeTruthy();
        expect(row.getByText('Created: 2 · updated: 0 · unchanged: 0 · errors: 3 · passes: 1')).toBeTruthy();
        expect(row.getByText('Applied')).toBeTruthy();
        const old = within(await rowOf('old.csv'));
        expect(old.getByText('Undone 11/21/2026 11:00 AM')).toBeTruthy();
        expect(old.queryByRole('button', { name: 'Undo' })).toBeNull();

        fireEvent.click(await row.findByRole('button', { name: 'Undo' }));
        const dialog = within(await screen.findByRole('dialog'));
        expect(dialog.getByText('Undo the import of clients.csv?')).toBeTruthy();
        fireEvent.click(dialog.getByRole('button', { name: 'Undo' }));
        await waitFor(() => expect(undoImport).toHaveBeenCalledWith({ id: 7 }));
        expect(await screen.findByText('Import undone')).toBeTruthy();
        await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    });

    it("shows a refusal's reason with the record that stops it, in Russian", async () => {
        const undoImport = vi.fn(async () => {
            throw new HttpError('The import cannot be undone', 409, {
                errors: { id: 'app.import.undo_used' },
                collection: 'customers',
                recordId: 41,
                name: 'Импортова Мария',
            });
        });
        renderHistory(undoImport, 'ru');
        const row = within(await rowOf('used.csv'));
        expect(row.getByText('Применён')).toBeTruthy();
        expect(row.getByText('Создано: 2 · обновлено: 0 · без изменений: 0 · ошибок: 3 · абонементов: 1')).toBeTruthy();
        fireEvent.click(await row.findByRole('button', { name: 'Отменить' }));
        const dialog = within(await screen.findByRole('dialog'));
        expect(dialog.getByText('Отменить импорт used.csv?')).toBeTruthy();
        fireEvent.click(dialog.getByRole('button', { name: 'Отменить' }));
        await waitFor(() => expect(undoImport).toHaveBeenCalledWith({ id: 5 }));
        expect(
            await screen.findByText(
                'Импортова Мария: после импорта есть запись, отметка или оплата — импорт нельзя отменить',
            ),
        ).toBeTruthy();
    });
});

describe("the Customers list's Import button", () => {
    it('opens the import for a manager', async () => {
        const customers = vi.fn(async () => ({ data: [anna], total: 1 }));
        renderAt(<CustomerList />, {
            path: '/customers',
            resource: 'customers',
            dataProvider: provider({ getList: customers }),
        });
        const button = await screen.findByRole('link', { name: 'Import' });
        expect(button.getAttribute('href')).toBe('/imports/create');
    });
});
