import { describe, expect, it } from 'vitest';
import {
    guessMapping,
    importMappingSchema,
    parseDate,
    readRow,
    splitFullName,
    type ImportContext,
    type ImportMapping,
} from '../../src/domain/imports';

const context: ImportContext = {
    country: 'RU',
    statuses: [
        { id: 'lead', names: ['Lead', 'Интерес'] },
        { id: 'active', names: ['Active', 'Занимается'] },
        { id: 'left', names: ['Left', 'Ушёл'] },
    ],
    defaultStatus: 'active',
    plans: ['Безлимит на месяц', '8 занятий'],
    today: '2026-07-27',
};

/** A row read from cells by their headers, the mapping guessed from them. */
const row = (cells: Record<string, string>, studio: Partial<ImportContext> = {}) => {
    const headers = Object.keys(cells);
    return readRow(Object.values(cells), headers, guessMapping(headers), { ...context, ...studio });
};

const customer = { Фамилия: 'Кузнецова', Имя: 'Анастасия', Телефон: '8 912 345-67-01' };

describe('the columns of a file', () => {
    it('are guessed from Russian headers, whatever their case and punctuation', () => {
        expect(
            guessMapping([
                'ФАМИЛИЯ',
                'Имя',
                'Отчество',
                'Моб. телефон',
                'Эл. почта',
                'Дата рождения',
                'Статус',
                'Откуда узнал',
                'Примечание',
                'Абонемент',
                'Осталось занятий',
                'Действует до',
                'Баланс',
            ]),
        ).toEqual({
            ФАМИЛИЯ: 'lastName',
            Имя: 'firstName',
            Отчество: null,
            'Моб. телефон': 'phone',
            'Эл. почта': 'email',
            'Дата рождения': 'birthDate',
            Статус: 'status',
            'Откуда узнал': 'source',
            Примечание: 'notes',
            Абонемент: 'plan',
            'Осталось занятий': 'visitsLeft',
            'Действует до': 'passEnds',
            Баланс: null,
        });
        expect(
            guessMapping(['ФИО', 'Телефон', 'Почта', 'День рождения', 'Тариф', 'Остаток посещений', 'Окончание']),
        ).toEqual({
            ФИО: 'fullName',
            Телефон: 'phone',
            Почта: 'email',
            'День рождения': 'birthDate',
            Тариф: 'plan',
            'Остаток посещений': 'visitsLeft',
            Окончание: 'passEnds',
        });
        expect(guessMapping(['Ученик', 'Дата окончания', 'Комментарий', 'Источник'])).toEqual({
            Ученик: 'fullName',
            'Дата окончания': 'passEnds',
            Комментарий: 'notes',
            Источник: 'source',
        });
    });

    it('are guessed from English headers', () => {
        expect(
            guessMapping([
                'Surname',
                'First Name',
                'Mobile',
                'E-mail',
                'DOB',
                'status',
                'Source',
                'Comment',
                'Membership',
                'Visits left',
                'Valid until',
            ]),
        ).toEqual({
            Surname: 'lastName',
            'First Name': 'firstName',
            Mobile: 'phone',
            'E-mail': 'email',
            DOB: 'birthDate',
            status: 'status',
            Source: 'source',
            Comment: 'notes',
            Membership: 'plan',
            'Visits left': 'visitsLeft',
            'Valid until': 'passEnds',
        });
        expect(
            guessMapping(['Full name', 'Phone', 'Email', 'Birthday', 'Notes', 'Pass', 'Remaining', 'Expires']),
        ).toEqual({
            // English whole names put the first name first.
            'Full name': 'fullNameFirstLast',
            Phone: 'phone',
            Email: 'email',
            Birthday: 'birthDate',
            Notes: 'notes',
            Pass: 'plan',
            Remaining: 'visitsLeft',
            Expires: 'passEnds',
        });
        expect(guessMapping(['Birth date', 'Plan', 'End date'])).toEqual({
            'Birth date': 'birthDate',
            Plan: 'plan',
            'End date': 'passEnds',
        });
    });

    it('read "Name" as the first name beside a last name, and as the full name (first name first) alone', () => {
        expect(guessMapping(['Last name', 'Name'])).toEqual({ 'Last name': 'lastName', Name: 'firstName' });
        expect(guessMapping(['Name', 'Phone'])).toEqual({ Name: 'fullNameFirstLast', Phone: 'phone' });
    });

    it('give each field to the first column that names it', () => {
        expect(guessMapping(['Телефон', 'Телефон (2)', 'Клиент', 'ФИО'])).toEqual({
            Телефон: 'phone',
            'Телефон (2)': null,
            Клиент: 'fullName',
            ФИО: null,
        });
    });

    it('are sent as a mapping of known fields only', () => {
        expect(importMappingSchema.safeParse({ Телефон: 'phone', Отчество: null, Баланс: '' }).success).toBe(true);
        expect(importMappingSchema.safeParse({ Баланс: 'balance' }).success).toBe(false);
    });
});

describe('a date in a file', () => {
    it('is read from the ways spreadsheets write it', () => {
        for (const text of ['12.03.1990', '12/03/1990', '12-03-1990', '1990-03-12', '12.03.90', ' 12.03.1990 0:00:00'])
            expect(parseDate(text, { today: '2026-07-27' }), text).toBe('1990-03-12');
        expect(parseDate('2.3.1990')).toBe('1990-03-02');
        expect(parseDate('1990-3-2')).toBe('1990-03-02');
        expect(parseDate('29.02.2024')).toBe('2024-02-29');
    });

    it('has a two-digit year of this century up to this year, else of the last, unless it is in the future', () => {
        expect(parseDate('01.01.26', { today: '2026-07-27' })).toBe('2026-01-01');
        expect(parseDate('01.01.27', { today: '2026-07-27' })).toBe('1927-01-01');
        expect(parseDate('31.12.27', { today: '2026-07-27', future: true })).toBe('2027-12-31');
    });

    it('is none when it does not exist or is no date', () => {
        for (const text of [
            '31.02.2020',
            '29.02.2023',
            '00.13.1990',
            '12.13.1990',
            '32.01.1990',
            '00.01.1990',
            '1990-02-30',
        ])
            expect(parseDate(text), text).toBeUndefined();
        for (const text of ['', 'вчера', '12.03', '1990', '12.03.199', '01.01.0990', '32944'])
            expect(parseDate(text), text).toBeUndefined();
    });
});

describe('a full name', () => {
    it('is the last name, then the first name, the patronymic left out', () => {
        expect(splitFullName('Иванов Иван Иванович')).toEqual({ lastName: 'Иванов', firstName: 'Иван' });
        expect(splitFullName('  Петрова   Анна ')).toEqual({ lastName: 'Петрова', firstName: 'Анна' });
        expect(splitFullName('Сидоров')).toEqual({ lastName: 'Сидоров' });
        expect(splitFullName(' ')).toEqual({});
    });
});

describe('a row of a file', () => {
    it('makes a customer as the database keeps them', () => {
        expect(
            row({
                Фамилия: 'Кузнецова',
                Имя: 'Анастасия',
                Телефон: '8 (912) 345-67-01',
                Email: ' Anna@Example.COM ',
                'Дата рождения': '26.04.1980',
                Статус: 'Интерес',
                Источник: 'Instagram',
                Примечание: '',
            }),
        ).toEqual({
            customer: {
                lastName: 'Кузнецова',
                firstName: 'Анастасия',
                phone: '+79123456701',
                email: 'anna@example.com',
                birthDate: '1980-04-26',
                status: 'lead',
                source: 'Instagram',
                notes: null,
            },
            errors: [],
        });
    });

    it('reads phones in every common Russian form', () => {
        for (const phone of ['8 (912) 345-67-01', '+7 912 345 67 01', '89123456701', '9123456701', '7(912)3456701'])
            expect(row({ ...customer, Телефон: phone }).customer.phone, phone).toBe('+79123456701');
    });

    it('names the phone it cannot read, and the contact missing (neither a phone nor an e-mail)', () => {
        expect(row({ ...customer, Телефон: '345-67-01' })).toMatchObject({
            customer: { phone: '345-67-01' },
            errors: [{ field: 'phone', message: 'app.validation.phone' }],
        });
        expect(row({ ...customer, Телефон: '' }).errors).toEqual([
            { field: 'phone', message: 'app.validation.contact' },
        ]);
    });

    it('takes the names from the full name, whose column is at fault when a name is missing', () => {
        const phone = '8 912 345-67-01';
        expect(row({ ФИО: 'Иванов Иван Иванович', phone }).customer).toMatchObject({
            lastName: 'Иванов',
            firstName: 'Иван',
        });
        expect(row({ ФИО: 'Иванов', phone }).errors).toEqual([
            { field: 'fullName', message: 'ra.validation.required' },
        ]);
        // The last and first name columns, where filled, come first.
        expect(row({ Фамилия: '', Имя: 'Ваня', ФИО: 'Иванов Иван', phone }).customer).toMatchObject({
            lastName: 'Иванов',
            firstName: 'Ваня',
        });
        expect(row({ Фамилия: 'Иванов', Имя: '', phone }).errors).toEqual([
            { field: 'firstName', message: 'ra.validation.required' },
        ]);
    });

    it('finds the status by its name in either language or its code, and takes the default when none is named', () => {
        for (const status of ['Занимается', 'active', 'ACTIVE', 'Active'])
            expect(row({ ...customer, Статус: status }).customer.status, status).toBe('active');
        expect(row({ ...customer, Статус: 'ушел' }).customer.status).toBe('left');
        expect(row({ ...customer, Статус: '' }).customer.status).toBe('active');
        expect(row(customer, { defaultStatus: 'lead' }).customer.status).toBe('lead');
    });

    it('names a status and a plan the studio does not have', () => {
        expect(row({ ...customer, Статус: 'VIP' }).errors).toEqual([
            { field: 'status', message: 'app.import.unknown_status' },
        ]);
        expect(row({ ...customer, Абонемент: 'Годовой', 'Действует до': '31.12.2026' }).errors).toEqual([
            { field: 'plan', message: 'app.import.unknown_plan' },
        ]);
    });

    it('refuses an email that is none, and leaves out a birth date that does not exist with a warning', () => {
        expect(row({ ...customer, 'E-mail': 'anna@' }).errors).toEqual([
            { field: 'email', message: 'ra.validation.email' },
        ]);
        expect(row({ ...customer, 'E-mail': 'anna@example.com, ivan@example.com' }).errors).toEqual([
            { field: 'email', message: 'ra.validation.email' },
        ]);
        expect(row({ ...customer, 'Дата рождения': '31.02.1990' })).toMatchObject({
            customer: { birthDate: null },
            errors: [],
            warnings: [
                { field: 'birthDate', message: 'app.import.birth_date_dropped', params: { value: '31.02.1990' } },
            ],
        });
    });

    it('refuses text longer than a customer may have', () => {
        expect(row({ ...customer, Фамилия: 'Я'.repeat(81) }).errors).toEqual([
            { field: 'lastName', message: 'app.validation.too_long' },
        ]);
    });

    it('carries the pass the customer still has, its plan found whatever the case', () => {
        expect(
            row({ ...customer, Абонемент: '8 ЗАНЯТИЙ', 'Осталось занятий': '3', 'Действует до': '15.08.26' }),
        ).toMatchObject({
            pass: { plan: '8 занятий', visitsLeft: 3, endDate: '2026-08-15' },
            errors: [],
        });
        // Ending today, it still counts.
        expect(row({ ...customer, Тариф: 'Безлимит на месяц', Окончание: '2026-07-27' })).toMatchObject({
            pass: { plan: 'Безлимит на месяц', visitsLeft: null, endDate: '2026-07-27' },
            errors: [],
        });
        expect(
            row({ ...customer, Plan: 'Безлимит на месяц', Remaining: 'безлимит', Expires: '01.09.2026' }).pass,
        ).toEqual({
            plan: 'Безлимит на месяц',
            visitsLeft: null,
            endDate: '2026-09-01',
        });
        expect(row(customer).pass).toBeUndefined();
    });

    it('leaves out a pass that has ended or has no visits left, with no error', () => {
        const ended = row({
            ...customer,
            Абонемент: '8 занятий',
            'Осталось занятий': '3',
            'Действует до': '26.07.2026',
        });
        expect(ended).toMatchObject({ passDropped: 'ended', errors: [] });
        expect(ended.pass).toBeUndefined();
        const usedUp = row({
            ...customer,
            Абонемент: '8 занятий',
            'Осталось занятий': '0',
            'Действует до': '15.08.2026',
        });
        expect(usedUp).toMatchObject({ passDropped: 'used_up', errors: [] });
        expect(usedUp.pass).toBeUndefined();
    });

    it('names what is wrong with a pass', () => {
        const pass = (cells: Record<string, string>) => row({ ...customer, ...cells }).errors;
        expect(pass({ 'Осталось занятий': '3', 'Действует до': '15.08.2026' })).toEqual([
            { field: 'plan', message: 'ra.validation.required' },
        ]);
        expect(pass({ Абонемент: '8 занятий', 'Осталось занятий': '3' })).toEqual([
            { field: 'passEnds', message: 'ra.validation.required' },
        ]);
        expect(pass({ Абонемент: '8 занятий', 'Действует до': '31.09.2026' })).toEqual([
            { field: 'passEnds', message: 'app.validation.date' },
        ]);
        expect(pass({ Абонемент: '8 занятий', 'Осталось занятий': 'три', 'Действует до': '15.08.2026' })).toEqual([
            { field: 'visitsLeft', message: 'app.validation.integer' },
        ]);
        expect(pass({ Абонемент: '8 занятий', 'Осталось занятий': '-1', 'Действует до': '15.08.2026' })).toEqual([
            { field: 'visitsLeft', message: 'app.validation.not_negative' },
        ]);
        expect(
            row({ ...customer, Абонемент: '8 занятий', 'Осталось занятий': '2.5', 'Действует до': '15.08.2026' }).pass,
        ).toBeUndefined();
    });

    it('ignores columns left out of the mapping, and reads a row shorter than the header', () => {
        const headers = ['Фамилия', 'Имя', 'Телефон', 'Статус', 'Email'];
        const mapping: ImportMapping = { ...guessMapping(headers), Статус: '', Email: null };
        expect(readRow(['Кузнецова', 'Анастасия', '89123456701', 'VIP'], headers, mapping, context)).toEqual({
            customer: {
                lastName: 'Кузнецова',
                firstName: 'Анастасия',
                phone: '+79123456701',
                email: null,
                birthDate: null,
                status: 'active',
                source: null,
                notes: null,
            },
            errors: [],
        });
    });

    it("takes off the quote the app's own export puts before text that looks like a formula", () => {
        expect(row({ ...customer, Примечание: "'-10% по акции" }).customer.notes).toBe('-10% по акции');
    });
});
