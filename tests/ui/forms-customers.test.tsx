// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, HttpError, memoryStore, RecordContextProvider } from 'react-admin';
import { PhoneField } from '../../src/resources/common/phones';
import { CustomerCard } from '../../src/resources/customers/CustomerCard';
import { useCustomerExporter, type CustomerRow } from '../../src/resources/customers/customerExporter';
import { anna, fill, i18n, provider, renderAt, renderCreate } from '../support/forms';

/*
 * The customer forms speak the interface's language: the app's own messages, never zod's English, and a
 * warning with links when a new customer's phone or e-mail already belongs to someone; a customer's card
 * and the customers CSV too. Phones, stored in E.164, are shown grouped.
 */

afterEach(cleanup);

describe('the messages of the new customer form', () => {
    it.each([
        ['en', 'Save', 'Required', 'Enter a valid phone number', 'First name'],
        ['ru', 'Сохранить', 'Обязательно для заполнения', 'Введите правильный номер телефона', 'Имя'],
    ] as const)('are the app messages in %s, never zod text', async (locale, save, required, phone, firstName) => {
        const create = await renderCreate(locale);
        await screen.findByLabelText(firstName);
        await fill(locale === 'en' ? 'Phone' : 'Телефон', '12');
        fireEvent.click(screen.getByRole('button', { name: save }));
        expect((await screen.findAllByText(required)).length).toBeGreaterThanOrEqual(2);
        expect(screen.getByText(phone)).toBeTruthy();
        expect(document.body.textContent).not.toMatch(/Invalid input|expected string|received undefined/);
        expect(create).not.toHaveBeenCalled();
        // No input the browser would check by itself, in its own language.
        expect(document.querySelectorAll('input[required], input[type="email"]')).toHaveLength(0);
    });
});

describe('a new customer whose phone or e-mail is taken', () => {
    it('warns with a link to that customer, and saves only on a second, deliberate click', async () => {
        const create = await renderCreate('en');
        await fill('First name', 'Anya');
        await fill('Last name', 'Petrova');
        await fill('Phone', '8 (982) 123-45-67');
        const warning = await screen.findByRole('alert');
        expect(warning.textContent).toContain('This phone number already belongs to Anna Petrova');
        expect(within(warning).getByRole('link', { name: 'Anna Petrova' }).getAttribute('href')).toBe('/customers/42');

        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        const anyway = await screen.findByRole('button', { name: 'Save anyway' });
        expect(create).not.toHaveBeenCalled();
        fireEvent.click(anyway);
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0]).toMatchObject([
            'customers',
            { data: { firstName: 'Anya', phone: '8 (982) 123-45-67', status: 'active' } },
        ]);
    });

    it('warns of a taken e-mail in Russian', async () => {
        await renderCreate('ru');
        await fill('Email', 'Anna@Example.test ');
        const warning = await screen.findByRole('alert');
        expect(warning.textContent).toContain('Этот e-mail уже есть у клиента Anna Petrova');
        fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
        expect(await screen.findByRole('button', { name: 'Всё равно сохранить' })).toBeTruthy();
    });

    it("shows the server's refusal when Save came before the form looked, and confirms on the next click", async () => {
        const create = vi
            .fn()
            .mockRejectedValueOnce(
                new HttpError('A customer with this phone already exists', 409, {
                    message: 'A customer with this phone already exists',
                    errors: { phone: 'app.validation.duplicate_phone' },
                    duplicates: [{ id: 7, name: 'Boris Orlov' }],
                }),
            )
            .mockResolvedValue({ data: { ...anna, id: 43 } });
        await renderCreate('en', create);
        await fill('First name', 'Boris');
        await fill('Last name', 'Orlov');
        await fill('Phone', '+7 916 000-00-02');
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        const warning = await screen.findByRole('alert');
        expect(warning.textContent).toContain('This phone number already belongs to Boris Orlov');
        expect(within(warning).getByRole('link', { name: 'Boris Orlov' }).getAttribute('href')).toBe('/customers/7');
        expect(create.mock.calls[0][1].data.confirmDuplicate).toBeUndefined();
        fireEvent.click(await screen.findByRole('button', { name: 'Save anyway' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
        expect(create.mock.calls[1][1]).toMatchObject({ data: { phone: '+7 916 000-00-02', confirmDuplicate: true } });
    });

    it('says nothing of a number no one has', async () => {
        const create = await renderCreate('en');
        await fill('First name', 'Vera');
        await fill('Last name', 'New');
        await fill('Phone', '+7 916 000-00-01');
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(screen.queryByRole('alert')).toBeNull();
    });
});

describe('a customer that does not exist', () => {
    it('is the not-found page at once, not a retry', async () => {
        const getOne = vi.fn(async (_resource: string) =>
            Promise.reject(new HttpError('Not found', 404, { message: 'Not found' })),
        );
        renderAt(<CustomerCard />, {
            path: '/customers/99999',
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: provider({ getOne: getOne as never }),
        });
        expect(await screen.findByText('Page not found: /customers/99999', undefined, { timeout: 1000 })).toBeTruthy();
        expect(getOne.mock.calls.filter(call => call[0] === 'customers')).toHaveLength(1);
    });

    it('names an existing customer first name first', async () => {
        renderAt(<CustomerCard />, {
            path: '/customers/42',
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: provider(),
        });
        expect(await screen.findByDisplayValue('Petrova')).toBeTruthy();
    });
});

describe('a phone on screen', () => {
    it('is grouped with its country code on the card, while the stored phone is E.164', async () => {
        renderAt(<CustomerCard />, {
            path: '/customers/42',
            route: '/customers/:id',
            resource: 'customers',
            dataProvider: provider(),
        });
        expect(await screen.findByDisplayValue('+7 982 123-45-67')).toBeTruthy();
    });

    it('is grouped in the lists, and one an earlier version could not read is shown as stored', () => {
        render(
            <RecordContextProvider value={{ id: 1, phone: '+442079460958' }}>
                <PhoneField />
            </RecordContextProvider>,
        );
        expect(screen.getByText('+44 20 7946 0958')).toBeTruthy();
        render(
            <RecordContextProvider value={{ id: 2, phone: '12345' }}>
                <PhoneField />
            </RecordContextProvider>,
        );
        expect(screen.getByText('12345')).toBeTruthy();
    });
});

describe('the customers CSV', () => {
    let saved: Blob[] = [];
    beforeEach(() => {
        saved = [];
        URL.createObjectURL = vi.fn((value: Blob) => {
            saved.push(value);
            return 'blob:csv';
        });
        URL.revokeObjectURL = vi.fn();
    });

    // As the list receives her: with what she still owes on her passes.
    const owing: CustomerRow = { ...anna, balanceDue: 1500.5 };

    it.each([
        ['ru', ';', 'Фамилия;Имя', 'Petrova;Anna', 'Занимается', 'К доплате'],
        ['en', ',', 'Last name,First name', 'Petrova,Anna', 'Занимается', 'Owed'],
    ] as const)(
        'opens in Excel in %s: a byte-order mark, its separator, studio dates, phones as they are and what is owed',
        async (locale, separator, header, names, label, owed) => {
            const dataProvider = provider();
            let exporter: ReturnType<typeof useCustomerExporter> | undefined;
            const Probe = () => {
                exporter = useCustomerExporter();
                return <span>ready</span>;
            };
            render(
                <AdminContext dataProvider={dataProvider} i18nProvider={i18n(locale)} store={memoryStore()}>
                    <Probe />
                </AdminContext>,
            );
            await screen.findByText('ready');
            // The studio's time zone is known once the settings are read.
            await waitFor(async () => {
                saved = [];
                await exporter?.([owing], vi.fn(), dataProvider, 'customers');
                expect(await saved[0].text()).toContain('2026-11-02');
            });
            const bytes = new Uint8Array(await saved[0].arrayBuffer());
            expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
            const [first, row] = (await saved[0].text()).replace('\uFEFF', '').split('\n');
            expect(first.startsWith(header)).toBe(true);
            expect(first.split(separator).at(-2)).toBe(owed);
            expect(row.startsWith(names)).toBe(true);
            // Created at 21:30 UTC on 1 November, which is 2 November in Moscow.
            expect(row.split(separator)).toEqual([
                'Petrova',
                'Anna',
                '+79821234567',
                'anna@example.test',
                '',
                label,
                '',
                '',
                '0',
                '1500.5',
                '2026-11-02',
            ]);
        },
    );
});
