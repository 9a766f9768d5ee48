import { describe, expect, it } from 'vitest';
import { csvCell, recordsCsv, toCsv } from '../../src/domain/csv';

describe('CSV cells a spreadsheet cannot run', () => {
    it('prefixes text that starts like a formula with a single quote', () => {
        expect(csvCell('=1+2')).toBe("'=1+2");
        expect(csvCell('+1+cmd|calc')).toBe("'+1+cmd|calc");
        expect(csvCell('+SUM(A1:A2)')).toBe("'+SUM(A1:A2)");
        expect(csvCell('-7 900 123-45-67')).toBe("'-7 900 123-45-67");
        expect(csvCell('-2+3')).toBe("'-2+3");
        expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
        expect(csvCell('\t=1')).toBe("'\t=1");
        expect(csvCell('\r=1')).toBe('"\'\r=1"');
    });

    it('quotes cells holding the separator, quotes or line breaks, after the prefix', () => {
        expect(csvCell('=HYPERLINK("http://evil.test","Click")')).toBe(
            '"\'=HYPERLINK(""http://evil.test"",""Click"")"',
        );
        expect(csvCell('Petrova, Anna')).toBe('"Petrova, Anna"');
        expect(csvCell('a;b')).toBe('"a;b"');
        expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
        expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    });

    it('writes a phone number as it is: digits, spaces, dashes and brackets can run nothing', () => {
        expect(csvCell('+79526327015')).toBe('+79526327015');
        expect(csvCell('+7 952 632-70-15')).toBe('+7 952 632-70-15');
        expect(csvCell('+7 (952) 632-70-15')).toBe('+7 (952) 632-70-15');
        expect(csvCell('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    });

    it('leaves plain text, numbers and nothing as they are', () => {
        expect(csvCell('Anna')).toBe('Anna');
        expect(csvCell('a=b')).toBe('a=b');
        expect(csvCell(-1500)).toBe('-1500');
        expect(csvCell(12.5)).toBe('12.5');
        expect(csvCell(true)).toBe('true');
        expect(csvCell(null)).toBe('');
        expect(csvCell(undefined)).toBe('');
    });

    it('joins rows by lines and cells by commas', () => {
        expect(
            toCsv([
                ['Name', 'Phone', 'Amount'],
                ['=cmd|calc', '+79000000000', -5],
            ]),
        ).toBe("Name,Phone,Amount\n'=cmd|calc,+79000000000,-5");
    });
});

describe('records as CSV', () => {
    it('has a column for every field, nested ones by dotted names and lists joined', () => {
        const csv = recordsCsv([
            { id: 1, name: '@Teacher', pay: { kind: 'per_event', amount: 1000 }, directionIds: [1, 2] },
            {
                id: 2,
                name: 'Plain',
                phone: '+79000000000',
                slots: [
                    { weekday: 1, startTime: '19:00' },
                    { weekday: 3, startTime: '19:00' },
                ],
            },
        ]);
        expect(csv.split('\n')).toEqual([
            'id,name,pay.kind,pay.amount,directionIds,phone,slots',
            '1,\'@Teacher,per_event,1000,"1;2",,',
            `2,Plain,,,,+79000000000,"{""weekday"":1,""startTime"":""19:00""};{""weekday"":3,""startTime"":""19:00""}"`,
        ]);
    });
});
