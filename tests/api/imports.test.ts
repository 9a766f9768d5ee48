import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { Customer, Database, Import, Pass } from '../../src/domain/types';
import { call, demoDb, serverForEveryRole, type DemoRole } from '../support/server';

/*
 * Moving in from another system, on both engines: customers and their passes from a CSV file as Excel
 * or another CRM saves it (Windows-1251 with `;` and Russian headers, UTF-8 with a BOM, `,` and English
 * headers, quoted cells holding separators and line breaks), previewed with a dry run that writes
 * nothing, applied in one transaction (creating, updating by phone or e-mail, skipping what is already
 * so, carrying passes over at price 0), and undone, unless something of it was used since. Managers
 * and admins only.
 */

const served = serverForEveryRole();
const demo = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
// Demo customers the files name by phone and by e-mail.
const [byPhone, byEmail] = [demo.customers[0], demo.customers.find(customer => customer.email)!];

const send = (role: DemoRole, body: Buffer | string, query: Record<string, string> = {}, contentType = 'text/csv') =>
    call(served.server.url, `/api/imports/customers?${new URLSearchParams({ fileName: 'clients.csv', ...query })}`, {
        method: 'POST',
        token: served.tokens[role],
        headers: { 'Content-Type': contentType },
        body: typeof body === 'string' ? body : new Uint8Array(body),
    });

const customersNamed = async (lastName: string) =>
    (
        await served.clients.manager.getList<Customer>('customers', {
            filter: { lastName },
            pagination: { page: 1, perPage: 50 },
            sort: { field: 'id', order: 'ASC' },
        })
    ).data;

/** A Windows-1251 file with `;` and the headers МойКласс or a studio's own sheet use. */
const russianFile = iconv.encode(
    [
        'ФИО;Телефон;E-mail;Дата рождения;Статус;Абонемент;Осталось занятий;Действует до;Комментарий',
        'Импортова Мария Петровна;8 (912) 345-67-01;maria.import@example.test;12.03.1990;Активный;8 занятий;5;31.12.2027;"Любит ""утро""; зал 2"',
        'Импортов Пётр;+7 912 345 67 02;;1985-07-30;лид;;;;',
        'Импортова Анна;89123456703;;31.02.2001;;Нет такого;3;01.01.2028;',
        'Импортов Илья;9123456704;;;;Безлимит на месяц;;15.01.2028;"две строки',
        'в комментарии"',
        `${byPhone.lastName} ${byPhone.firstName};${byPhone.phone};;;;;;;Обновлена по телефону`,
        'Импортов Лев;7(912)3456705;;01.01.1999;Неизвестный;;;;',
    ].join('\r\n'),
    'win1251',
);

describe('a dry run', () => {
    it('reads a Windows-1251 file with Russian headers and says what would happen, writing nothing', async () => {
        const dry = await send('manager', russianFile, { dryRun: 'true' });
        expect(dry.status, dry.text).toBe(200);
        expect(dry.body).toMatchObject({
            encoding: 'windows-1251',
            separator: ';',
            rows: { create: 3, update: 1, skip: 0 },
            passes: 2,
        });
        expect(dry.body.columns).toEqual(
            expect.arrayContaining([
                { header: 'ФИО', field: 'fullName' },
                { header: 'Телефон', field: 'phone' },
                { header: 'Осталось занятий', field: 'visitsLeft' },
            ]),
        );
        // Each error names the file's line (the header is line 1; a cell over two lines counts both) and the person.
        expect(dry.body.errors).toEqual([
            { row: 4, name: 'Импортова Анна', field: 'plan', message: 'app.import.unknown_plan' },
            { row: 8, name: 'Импортов Лев', field: 'status', message: 'app.import.unknown_status' },
        ]);
        expect(await customersNamed('Импортова')).toEqual([]);
        expect((await call(served.server.url, '/api/imports', { token: served.tokens.manager })).body).toEqual([]);
    });

    it('reads a UTF-8 file with a BOM, `,` and English headers, with the columns the screen chose', async () => {
        const file = `\uFEFFName,Surname,Mobile,Mail,Note\r\nJohn,Imported,+7 912 345-67-11,${byEmail.email!.toUpperCase()},"a, b"\r\n`;
        const guessed = await send('manager', file, { dryRun: 'true' });
        expect(guessed.status, guessed.text).toBe(200);
        expect(guessed.body).toMatchObject({ encoding: 'utf-8', separator: ',' });
        expect(guessed.body.columns).toEqual([
            { header: 'Name', field: 'firstName' },
            { header: 'Surname', field: 'lastName' },
            { header: 'Mobile', field: 'phone' },
            { header: 'Mail', field: 'email' },
            { header: 'Note', field: 'notes' },
        ]);
        // Matched by e-mail (in any case), though the phone is new: an update of that customer.
        expect(guessed.body.rows).toEqual({ create: 0, update: 1, skip: 0 });
        const mapping = JSON.stringify({ Name: 'firstName', Surname: 'lastName', Mobile: 'phone', Mail: null });
        const chosen = await send('manager', file, { dryRun: 'true', mapping });
        expect(chosen.body.rows).toEqual({ create: 1, update: 0, skip: 0 });
        const wrong = await send('manager', file, { dryRun: 'true', mapping: '{"Name":"shoeSize"}' });
        expect(wrong.status).toBe(400);
        expect(wrong.body.errors).toEqual({ mapping: 'app.import.bad_mapping' });
    });

    it('refuses an empty or broken file with the field, and every role but managers and admins', async () => {
        const empty = await send('manager', '');
        expect(empty.status).toBe(400);
        expect(empty.body.errors).toEqual({ file: 'app.import.empty' });
        const broken = await send('manager', 'Фамилия;Имя\nА;"Б\n');
        expect(broken.status).toBe(400);
        expect(broken.body).toMatchObject({ errors: { file: 'app.import.unreadable' }, line: 2 });
        expect((await send('teacher', russianFile, { dryRun: 'true' })).status).toBe(403);
        expect((await send('admin', russianFile, { dryRun: 'true' })).status).toBe(200);
        const written = await call(served.server.url, '/api/imports', {
            method: 'POST',
            token: served.tokens.admin,
            json: { fileName: 'x' },
        });
        expect(written.status).toBe(405);
    });
});

describe('an import', () => {
    let done: Import;

    it('creates, updates by phone, carries passes over at price 0, and records what it did', async () => {
        const applied = await send('manager', russianFile);
        expect(applied.status, applied.text).toBe(201);
        done = applied.body as unknown as Import;
        expect(done).toMatchObject({
            fileName: 'clients.csv',
            counts: { create: 3, update: 1, skip: 0, errors: 2, passes: 2 },
            undoneAt: null,
        });
        const maria = (await customersNamed('Импортова')).find(customer => customer.firstName === 'Мария')!;
        expect(maria).toMatchObject({
            phone: '+79123456701',
            email: 'maria.import@example.test',
            birthDate: '1990-03-12',
            status: 'active',
            notes: 'Любит "утро"; зал 2',
        });
        const ilya = (await customersNamed('Импортов')).find(customer => customer.firstName === 'Илья')!;
        expect(ilya).toMatchObject({ phone: '+79123456704', notes: 'две строки\r\nв комментарии' });
        const passes = (
            await served.clients.manager.getList<Pass>('passes', {
                filter: { customerId: [maria.id, ilya.id] },
                pagination: { page: 1, perPage: 10 },
                sort: { field: 'id', order: 'ASC' },
            })
        ).data;
        expect(passes).toEqual([
            expect.objectContaining({
                customerId: maria.id,
                name: '8 занятий',
                price: 0,
                discountReason: 'carried over',
                visitsTotal: 5,
                visitsUsed: 0,
                endsOn: '2027-12-31',
            }),
            expect.objectContaining({ customerId: ilya.id, visitsTotal: null, endsOn: '2028-01-15', price: 0 }),
        ]);
        // Nothing shows as owed on a pass carried over.
        const card = (
            await call(
                served.server.url,
                `/api/customers?filter=${encodeURIComponent(JSON.stringify({ id: [maria.id] }))}`,
                {
                    token: served.tokens.manager,
                },
            )
        ).body[0] as { balanceDue: number };
        expect(card.balanceDue).toBe(0);
        const updated = (await served.clients.manager.getOne<Customer>('customers', { id: byPhone.id })).data;
        // Matched by phone and name: what the row says replaces what the card had.
        expect(updated).toMatchObject({ notes: 'Обновлена по телефону', firstName: byPhone.firstName });
        expect(done.updated).toEqual([
            expect.objectContaining({
                id: byPhone.id,
                before: expect.objectContaining({ notes: byPhone.notes ?? null }),
            }),
        ]);
        // The lead stays what the row says, the rows with errors are left out.
        expect((await customersNamed('Импортов')).map(customer => customer.firstName).sort()).toEqual(['Илья', 'Пётр']);
        const history = await call(
            served.server.url,
            `/api/auditEntries?filter=${encodeURIComponent(JSON.stringify({ collection: 'imports' }))}`,
            { token: served.tokens.admin },
        );
        expect(history.body).toEqual([
            expect.objectContaining({ action: 'create', endpoint: 'POST /api/imports/customers' }),
        ]);
    });

    it('updates the customer a row matches by e-mail, only with what its filled cells say', async () => {
        const file = `\uFEFFSurname,Name,Phone,E-mail,Notes\r\n,,,${byEmail.email!.toUpperCase()},"Came from the old system, row 2"\r\n`;
        const applied = await send('manager', file);
        expect(applied.status, applied.text).toBe(201);
        // Matched by e-mail (in any case): the name and phone it leaves empty stay the card's.
        expect(applied.body).toMatchObject({ counts: { update: 1, create: 0, errors: 0 } });
        expect((await served.clients.manager.getOne<Customer>('customers', { id: byEmail.id })).data).toMatchObject({
            notes: 'Came from the old system, row 2',
            email: byEmail.email,
            phone: byEmail.phone,
            lastName: byEmail.lastName,
        });
        // A row that matches nobody still needs its name (an e-mail will do for a contact).
        const stranger = await send('manager', 'Surname,E-mail\r\n,nobody.here@example.test\r\n', { dryRun: 'true' });
        expect(stranger.body.errors).toEqual(
            expect.arrayContaining([
                expect.objectContaining({ row: 2, field: 'lastName', message: 'ra.validation.required' }),
            ]),
        );
    });

    it('skips rows already so when the same file comes again', async () => {
        const again = await send('manager', russianFile, { dryRun: 'true' });
        expect(again.body.rows).toEqual({ create: 0, update: 0, skip: 4 });
    });

    it('is undone: what it created goes, what it changed comes back', async () => {
        const second = (await send('manager', 'Фамилия;Имя;Телефон\nОтменова;Ева;+7 912 345-67-21\n'))
            .body as unknown as Import;
        expect(second.counts).toMatchObject({ create: 1 });
        const undone = await call(served.server.url, `/api/imports/${second.id}/undo`, {
            method: 'POST',
            token: served.tokens.manager,
        });
        expect(undone.status, undone.text).toBe(200);
        expect(undone.body.undoneAt).toEqual(expect.any(String));
        expect(await customersNamed('Отменова')).toEqual([]);
        // The History keeps what went, by whom and through which endpoint.
        const created = second.created.find(entry => entry.collection === 'customers')!;
        const trail = await call(
            served.server.url,
            `/api/auditEntries?filter=${encodeURIComponent(JSON.stringify({ collection: 'customers', recordId: String(created.id) }))}&sort=["id","ASC"]`,
            { token: served.tokens.admin },
        );
        expect(trail.body).toEqual([
            expect.objectContaining({ action: 'create', endpoint: 'POST /api/imports/customers' }),
            expect.objectContaining({
                action: 'delete',
                endpoint: `POST /api/imports/${second.id}/undo`,
                before: expect.objectContaining({ lastName: 'Отменова' }),
            }),
        ]);
        const twice = await call(served.server.url, `/api/imports/${second.id}/undo`, {
            method: 'POST',
            token: served.tokens.manager,
        });
        expect(twice.status).toBe(409);
    });

    it('is refused once one of its customers was used or changed, naming the record', async () => {
        const ilya = (await customersNamed('Импортов')).find(customer => customer.firstName === 'Илья')!;
        await served.clients.manager.update<Customer>('customers', {
            id: ilya.id,
            data: { ...ilya, notes: 'changed at the desk' },
            previousData: ilya,
        });
        const refused = await call(served.server.url, `/api/imports/${done.id}/undo`, {
            method: 'POST',
            token: served.tokens.manager,
        });
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({
            errors: { id: 'app.import.undo_changed' },
            collection: 'customers',
            recordId: ilya.id,
        });
        expect(
            (
                await call(served.server.url, `/api/imports/${done.id}/undo`, {
                    method: 'POST',
                    token: served.tokens.teacher,
                })
            ).status,
        ).toBe(403);
    });

    it('is refused once one of its customers was used: a booking', async () => {
        const file =
            'Фамилия;Имя;Телефон;Абонемент;Осталось занятий;Действует до\nЗанятова;Ольга;+7 912 345-67-31;8 занятий;4;31.12.2027\n';
        const imported = (await send('manager', file)).body as unknown as Import;
        const [olga] = await customersNamed('Занятова');
        const upcoming = (
            await call(
                served.server.url,
                `/api/events?filter=${encodeURIComponent(JSON.stringify({ status: 'planned', startsAt_gte: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) }))}&sort=["startsAt","ASC"]&range=[0,0]`,
                { token: served.tokens.manager },
            )
        ).body[0] as { id: number };
        const booked = await call(served.server.url, '/api/bookings', {
            method: 'POST',
            token: served.tokens.manager,
            json: { eventId: upcoming.id, customerId: olga.id },
        });
        expect(booked.status, booked.text).toBe(201);
        const refused = await call(served.server.url, `/api/imports/${imported.id}/undo`, {
            method: 'POST',
            token: served.tokens.manager,
        });
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ errors: { id: 'app.import.undo_used' }, recordId: olga.id });
        expect(await customersNamed('Занятова')).toHaveLength(1);
    });

    it('is refused once one of its customers joined a group', async () => {
        const imported = (await send('manager', 'Фамилия;Имя;Телефон\nГруппова;Нина;+7 912 345-67-41\n'))
            .body as unknown as Import;
        const [nina] = await customersNamed('Группова');
        const group = (await call(served.server.url, '/api/schedules/1', { token: served.tokens.manager }))
            .body as unknown as {
            customerIds: number[];
        };
        const joined = await call(served.server.url, '/api/schedules/1', {
            method: 'PUT',
            token: served.tokens.manager,
            json: { ...group, customerIds: [...group.customerIds, nina.id] },
        });
        expect(joined.status, joined.text).toBe(200);
        const refused = await call(served.server.url, `/api/imports/${imported.id}/undo`, {
            method: 'POST',
            token: served.tokens.manager,
        });
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ errors: { id: 'app.import.undo_used' }, recordId: nina.id });
    });

    it('takes thousands of rows in one request, each pass given to its own customer', async () => {
        const rows = 5_000;
        const lines = ['Фамилия;Имя;Телефон;Абонемент;Осталось занятий;Действует до'];
        for (let n = 0; n < rows; n++)
            lines.push(
                `Массов-${n};Иван;+7 914 ${String(1_000_000 + n).slice(1)}0;8 занятий;${1 + (n % 8)};31.12.2030`,
            );
        const applied = await send('manager', iconv.encode(lines.join('\r\n'), 'win1251'));
        expect(applied.status, applied.text).toBe(201);
        const done = applied.body as unknown as Import;
        expect(done.counts).toMatchObject({ create: rows, passes: rows, errors: 0 });
        // The last row's customer has the last row's pass: ids were matched in order.
        const [last] = await customersNamed(`Массов-${rows - 1}`);
        const passes = (
            await served.clients.manager.getList<Pass>('passes', {
                filter: { customerId: last.id },
                pagination: { page: 1, perPage: 5 },
                sort: { field: 'id', order: 'ASC' },
            })
        ).data;
        expect(passes).toEqual([expect.objectContaining({ visitsTotal: 1 + ((rows - 1) % 8), endsOn: '2030-12-31' })]);
        const undone = await call(served.server.url, `/api/imports/${done.id}/undo`, {
            method: 'POST',
            token: served.tokens.manager,
        });
        expect(undone.status, undone.text).toBe(200);
        expect(await customersNamed(`Массов-${rows - 1}`)).toEqual([]);
    });
});
