import { describe, expect, it } from 'vitest';
import { guessMapping, readRow, splitFullName, type ImportContext } from '../../src/domain/imports';
import { customerSchema } from '../../src/domain/schemas';

/*
 * The import's rules for names and contacts: a column of whole names is read in the order its header
 * says, a customer needs a phone or an e-mail (or a guardian) rather than a phone, and a birth date that
 * cannot be read is left out with a warning instead of losing the whole row.
 */

const context: ImportContext = {
    country: 'RU',
    statuses: [{ id: 'active', names: ['Active', 'Занимается'] }],
    defaultStatus: 'active',
    plans: ['8 занятий'],
    today: '2026-07-27',
};

const row = (cells: Record<string, string>) => {
    const headers = Object.keys(cells);
    return readRow(Object.values(cells), headers, guessMapping(headers), context);
};

describe('a column of whole names', () => {
    it('is known by the headers that say the last name comes first', () => {
        for (const header of ['Фамилия Имя', 'Фамилия и имя', 'Фамилия, имя', 'ФИО', 'Ф.И.О.', 'Фамилия Имя Отчество'])
            expect(guessMapping([header, 'Телефон']), header).toEqual({ [header]: 'fullName', Телефон: 'phone' });
    });

    it('is known by the headers that say the first name comes first, and by English ones', () => {
        for (const header of ['Имя Фамилия', 'Имя и фамилия', 'Full name', 'Name', 'First and last name'])
            expect(guessMapping([header, 'Phone']), header).toEqual({ [header]: 'fullNameFirstLast', Phone: 'phone' });
    });

    it('is split into the last and first name in the order its header says', () => {
        const phone = '8 912 345-67-01';
        expect(row({ 'Фамилия Имя': 'Петрова Анна', phone }).customer).toMatchObject({
            lastName: 'Петрова',
            firstName: 'Анна',
        });
        expect(row({ 'Имя Фамилия': 'Анна Петрова', phone }).customer).toMatchObject({
            lastName: 'Петрова',
            firstName: 'Анна',
        });
        expect(row({ 'Full name': 'Anna Peterson', phone }).customer).toMatchObject({
            lastName: 'Peterson',
            firstName: 'Anna',
        });
        expect(splitFullName('Иван Иванович Петров', 'firstLast')).toEqual({ firstName: 'Иван', lastName: 'Петров' });
        // A whole name with one word lacks the other, and its column is the one at fault.
        expect(row({ 'Имя Фамилия': 'Анна', phone }).errors).toEqual([
            { field: 'fullNameFirstLast', message: 'ra.validation.required' },
        ]);
    });
});

describe('a contact of a row', () => {
    it('may be an e-mail without a phone', () => {
        const read = row({ Фамилия: 'Почтова', Имя: 'Ева', Телефон: '', 'E-mail': 'eva@example.test' });
        expect(read.errors).toEqual([]);
        expect(read.customer).toMatchObject({ phone: null, email: 'eva@example.test' });
    });

    it('is needed: a row with neither a phone nor an e-mail names the phone', () => {
        expect(row({ Фамилия: 'Безсвязи', Имя: 'Ян', Телефон: '', 'E-mail': '' }).errors).toEqual([
            { field: 'phone', message: 'app.validation.contact' },
        ]);
    });
});

describe('a birth date that cannot be read', () => {
    it('is left out with a warning naming the value, and the row is imported without it', () => {
        const read = row({ Фамилия: 'Датова', Имя: 'Ия', Телефон: '8 912 345-67-02', 'Дата рождения': '31.02.1990' });
        expect(read.errors).toEqual([]);
        expect(read.customer.birthDate).toBeNull();
        expect(read.warnings).toEqual([
            { field: 'birthDate', message: 'app.import.birth_date_dropped', params: { value: '31.02.1990' } },
        ]);
    });
});

describe('the contact rule of a customer', () => {
    const named = { firstName: 'Ева', lastName: 'Почтова', status: 'active' };
    it('takes a phone, an e-mail or a guardian', () => {
        expect(customerSchema.safeParse({ ...named, email: 'eva@example.test' }).success).toBe(true);
        expect(customerSchema.safeParse({ ...named, phone: '', guardianId: 3 }).success).toBe(true);
        expect(customerSchema.safeParse({ ...named, phone: '+7 912 345-67-03' }).success).toBe(true);
    });

    it('refuses a customer with none of them, naming the phone', () => {
        const refused = customerSchema.safeParse({ ...named, phone: '', email: '' });
        expect(refused.error?.issues.map(issue => [issue.path.join('.'), issue.message])).toEqual([
            ['phone', 'app.validation.contact'],
        ]);
    });
});
