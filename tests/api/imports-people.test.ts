import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Customer, Database, Import } from '../../src/domain/types';
import { addCustomer, freshPhone } from '../support/factories';
import { call, demoDb, serverForEveryRole } from '../support/server';

/*
 * Whom an imported row is, on both engines: the same phone and a matching name is the same person,
 * another name on a known phone is a conflict to review (never merged); a row with an e-mail and no phone
 * is a customer; a birth date that cannot be read is left out with a warning, not the whole row; the dry
 * run lists the rows it would create and update with their names and phones, and every error and warning
 * names the person as well as the line.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const knownPhone = freshPhone();
const vera = addCustomer(db, { firstName: 'Вера', lastName: 'Известнова', phone: knownPhone.replace(/[ -]/g, '') });
const newPhone = freshPhone();
const served = serverForEveryRole({ db });

const send = (body: string, query: Record<string, string> = {}) =>
    call(served.server.url, `/api/imports/customers?${new URLSearchParams({ fileName: 'people.csv', ...query })}`, {
        method: 'POST',
        token: served.tokens.manager,
        headers: { 'Content-Type': 'text/csv' },
        body,
    });

const file = [
    'Фамилия Имя;Телефон;E-mail;Дата рождения;Комментарий',
    `известнова вера;${knownPhone};;;Пришла снова`,
    `Другова Нина;${knownPhone};;;Мама Веры?`,
    'Почтова Ева;;eva.import@example.test;;',
    `Датова Ия;${newPhone};;31.02.1990;`,
    'Безсвязи Ян;;;;',
].join('\r\n');

const customersNamed = async (lastName: string) =>
    (
        await served.clients.manager.getList<Customer>('customers', {
            filter: { lastName },
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'id', order: 'ASC' },
        })
    ).data;

describe('a dry run', () => {
    it('lists the rows it would create and update, by line, name and phone', async () => {
        const dry = await send(file, { dryRun: 'true' });
        expect(dry.status, dry.text).toBe(200);
        expect(dry.body.columns).toEqual(expect.arrayContaining([{ header: 'Фамилия Имя', field: 'fullName' }]));
        expect(dry.body.rows).toEqual({ create: 2, update: 1, skip: 0 });
        expect(dry.body.lines).toEqual([
            expect.objectContaining({ row: 2, action: 'update', customerId: vera.id, name: 'Известнова Вера' }),
            expect.objectContaining({
                row: 4,
                action: 'create',
                name: 'Почтова Ева',
                phone: null,
                email: 'eva.import@example.test',
            }),
            expect.objectContaining({
                row: 5,
                action: 'create',
                name: 'Датова Ия',
                phone: newPhone.replace(/[ -]/g, ''),
            }),
        ]);
    });

    it('names the person of each error and warning as well as the line', async () => {
        const dry = await send(file, { dryRun: 'true' });
        expect(dry.body.errors).toEqual([
            {
                row: 3,
                name: 'Другова Нина',
                field: 'phone',
                message: 'app.import.phone_of_another',
                params: { names: 'Известнова Вера' },
            },
            { row: 6, name: 'Безсвязи Ян', field: 'phone', message: 'app.validation.contact' },
        ]);
        expect(dry.body.warnings).toEqual([
            {
                row: 5,
                name: 'Датова Ия',
                field: 'birthDate',
                message: 'app.import.birth_date_dropped',
                params: { value: '31.02.1990' },
            },
        ]);
    });

    it('reads a whole name in the order its header says', async () => {
        const dry = await send(`Имя Фамилия;Телефон\r\nАнна Порядкова;${freshPhone()}\r\n`, { dryRun: 'true' });
        expect(dry.status, dry.text).toBe(200);
        expect(dry.body.columns).toEqual([
            { header: 'Имя Фамилия', field: 'fullNameFirstLast' },
            { header: 'Телефон', field: 'phone' },
        ]);
        expect(dry.body.lines).toEqual([expect.objectContaining({ action: 'create', name: 'Порядкова Анна' })]);
    });
});

describe('an import', () => {
    it('updates the same person, leaves another name on their phone alone, and imports the rest', async () => {
        const applied = await send(file);
        expect(applied.status, applied.text).toBe(201);
        expect((applied.body as unknown as Import).counts).toMatchObject({ create: 2, update: 1, errors: 2 });
        const known = (await served.clients.manager.getOne<Customer>('customers', { id: vera.id })).data;
        // The same person: what the row adds is taken, the name as the card has it.
        expect(known).toMatchObject({ firstName: 'Вера', lastName: 'Известнова', notes: 'Пришла снова' });
        expect(await customersNamed('Другова')).toEqual([]);
        expect(await customersNamed('Почтова')).toEqual([
            expect.objectContaining({ firstName: 'Ева', phone: null, email: 'eva.import@example.test' }),
        ]);
        expect(await customersNamed('Датова')).toEqual([expect.objectContaining({ firstName: 'Ия', birthDate: null })]);
        expect(await customersNamed('Безсвязи')).toEqual([]);
    });
});
