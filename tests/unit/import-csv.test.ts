import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { CsvError, readCsv } from '../../src/server/imports/readCsv';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const bom = Buffer.from([0xef, 0xbb, 0xbf]);

describe('a CSV file to import', () => {
    it('is read from Windows-1251 split by semicolons, as Excel in Russian saves it', () => {
        const file = iconv.encode(
            'Фамилия;Имя;Телефон;Статус\r\nКузнецова;Анастасия;8 (912) 345-67-01;Занимается\r\nЁлкин;Пётр;+7 912 345 67 02;\r\n',
            'win1251',
        );
        expect(readCsv(file)).toEqual({
            encoding: 'windows-1251',
            separator: ';',
            headers: ['Фамилия', 'Имя', 'Телефон', 'Статус'],
            rows: [
                { line: 2, cells: ['Кузнецова', 'Анастасия', '8 (912) 345-67-01', 'Занимается'] },
                { line: 3, cells: ['Ёлкин', 'Пётр', '+7 912 345 67 02', ''] },
            ],
        });
    });

    it('is read from UTF-8 with a byte order mark split by commas, the mark left out', () => {
        const file = Buffer.concat([bom, utf8('Last name,First name,Phone\nSmith,Anna,+7 912 345 67 01\n')]);
        expect(readCsv(file)).toEqual({
            encoding: 'utf-8',
            separator: ',',
            headers: ['Last name', 'First name', 'Phone'],
            rows: [{ line: 2, cells: ['Smith', 'Anna', '+7 912 345 67 01'] }],
        });
    });

    it('is read from UTF-8 without the mark, and from UTF-16 split by tabs (Excel\'s "Unicode text")', () => {
        const text = 'ФИО;Телефон\nИванов Иван Иванович;89123456701\n';
        expect(readCsv(utf8(text))).toMatchObject({
            encoding: 'utf-8',
            separator: ';',
            headers: ['ФИО', 'Телефон'],
            rows: [{ line: 2, cells: ['Иванов Иван Иванович', '89123456701'] }],
        });
        const unicode = Buffer.concat([
            Buffer.from([0xff, 0xfe]),
            iconv.encode('ФИО\tТелефон\r\nИванов\t8912\r\n', 'utf-16le'),
        ]);
        expect(readCsv(unicode)).toMatchObject({
            encoding: 'utf-16le',
            separator: '\t',
            headers: ['ФИО', 'Телефон'],
            rows: [{ line: 2, cells: ['Иванов', '8912'] }],
        });
    });

    it('finds the separator in the header outside quotes, the comma for a single column', () => {
        expect(readCsv(utf8('"Фамилия; имя",Телефон,Email\nИванов,1,a@b.ru\n')).separator).toBe(',');
        expect(readCsv(utf8('"Last, first";Phone;Email\nSmith;1;a@b.ru\n')).separator).toBe(';');
        expect(readCsv(utf8('Phone\n89123456701\n'))).toMatchObject({
            separator: ',',
            rows: [{ cells: ['89123456701'] }],
        });
    });

    it('keeps separators, doubled quotes and line breaks in quoted cells, and counts the lines rows start on', () => {
        const text = [
            'Фамилия;Имя;Примечание',
            'Иванов;Иван;"Пришёл; по ""рекомендации"""',
            'Петрова;Анна;"Первая строка',
            'вторая строка',
            'третья"',
            'Сидоров;Олег;',
            '',
            '',
            'Орлова;"Мария"; ',
            ';;',
            '',
            '',
        ].join('\r\n');
        expect(readCsv(utf8(text)).rows).toEqual([
            { line: 2, cells: ['Иванов', 'Иван', 'Пришёл; по "рекомендации"'] },
            { line: 3, cells: ['Петрова', 'Анна', 'Первая строка\r\nвторая строка\r\nтретья'] },
            { line: 6, cells: ['Сидоров', 'Олег', ''] },
            // Empty lines count; a row of empty cells is left out.
            { line: 9, cells: ['Орлова', 'Мария', ''] },
        ]);
    });

    it('reads rows of any length and line breaks of any kind', () => {
        expect(readCsv(utf8('a,b,c\n1\r\n2,3,4,5\r6,"x\ny"\n7')).rows).toEqual([
            { line: 2, cells: ['1'] },
            { line: 3, cells: ['2', '3', '4', '5'] },
            { line: 4, cells: ['6', 'x\ny'] },
            { line: 6, cells: ['7'] },
        ]);
    });

    it('tells headers of the same name apart, since columns are chosen by header', () => {
        expect(readCsv(utf8('Телефон;Телефон;Имя;Телефон\n1;2;3;4\n')).headers).toEqual([
            'Телефон',
            'Телефон (2)',
            'Имя',
            'Телефон (3)',
        ]);
    });

    it('is empty when the file is, or holds only the header', () => {
        expect(readCsv(Buffer.alloc(0))).toMatchObject({ headers: [], rows: [] });
        expect(readCsv(utf8('Фамилия;Имя\r\n\r\n'))).toMatchObject({ headers: ['Фамилия', 'Имя'], rows: [] });
    });

    it('is refused with the line of the row that cannot be read', () => {
        const unread = (text: string) => {
            try {
                readCsv(utf8(text));
            } catch (error) {
                expect(error).toBeInstanceOf(CsvError);
                expect((error as CsvError).key).toBe('app.import.unreadable');
                return (error as CsvError).line;
            }
            throw new Error('read');
        };
        // A quote never closed: the row where it opens.
        expect(unread('a;b\n1;"x\ny"\n\n2;"3\n4;5\n6;7\n')).toBe(5);
        // A quote closed in the middle of a cell.
        expect(unread('a;b\r\n1;2\r\n"x"y;4\r\n')).toBe(3);
    });

    it('reads ten thousand rows', () => {
        const lines = ['Фамилия;Имя;Телефон;Примечание'];
        for (let index = 0; index < 10_000; index++)
            lines.push(`Фамилия${index};Имя${index};8912${String(index).padStart(7, '0')};"Строка 1\nстрока 2"`);
        const file = iconv.encode(lines.join('\r\n'), 'win1251');
        const { encoding, rows } = readCsv(file);
        expect(encoding).toBe('windows-1251');
        expect(rows).toHaveLength(10_000);
        expect(rows.at(-1)).toEqual({
            line: 2 + 9_999 * 2,
            cells: ['Фамилия9999', 'Имя9999', '89120009999', 'Строка 1\nстрока 2'],
        });
    });
});
