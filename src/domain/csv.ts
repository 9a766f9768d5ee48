/*
 * CSV as a spreadsheet opens it. Excel, LibreOffice and Google Sheets run a cell that starts with =, +,
 * -, @, a tab or a carriage return as a formula, so a customer named =HYPERLINK(...) would run in the
 * spreadsheet of whoever exports the list. As OWASP advises (CSV injection), such text is prefixed with a
 * single quote, which spreadsheets read as "this is text". A phone number (+79526327015) is written as
 * it is: digits, spaces, dashes and brackets name no function and no cell, so nothing in it can run,
 * and the quote would stay in front of every phone of the sheet.
 */

type CsvValue = string | number | boolean | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;
/** A phone number with its country code, as stored (+79526327015) or grouped (+7 952 632-70-15). */
const phoneNumber = /^\+[0-9][0-9 ()-]{3,22}[0-9]$/;
// The comma separates cells; a semicolon is quoted too, since spreadsheets in Russian split on it.
const needsQuotes = /[",;\r\n]/;

/**
 * One cell. Only text is prefixed: numbers are the app's own (amounts, counts, a refund's minus), cannot
 * carry a formula, and must stay numbers to add up.
 */
export const csvCell = (value: CsvValue): string => {
    if (value === null || value === undefined) return '';
    const text =
        typeof value === 'string' && formulaStart.test(value) && !phoneNumber.test(value) ? `'${value}` : String(value);
    return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The separator a spreadsheet expects in a language: Excel in Russian (where the comma is the decimal
 * mark) splits cells on semicolons, in English on commas.
 */
export const csvSeparator = (locale: string): ',' | ';' => (locale === 'ru' ? ';' : ',');

/** Rows as CSV, the header first; cells separated by commas unless told otherwise. */
export const toCsv = (rows: CsvValue[][], separator: ',' | ';' = ','): string =>
    rows.map(row => row.map(csvCell).join(separator)).join('\n');

/** A record's fields as columns: nested objects by dotted names (pay.kind), lists joined by semicolons. */
const flatten = (value: unknown, name: string, into: Map<string, CsvValue>) => {
    if (Array.isArray(value)) {
        into.set(
            name,
            value
                .map(item => (item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item)))
                .join(';'),
        );
    } else if (value !== null && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) flatten(inner, name ? `${name}.${key}` : key, into);
    } else {
        into.set(name, value as CsvValue);
    }
};

/** Records as CSV with a column for every field any of them has, in the order first met: the export of a list without one of its own. */
export const recordsCsv = (records: object[]): string => {
    const rows = records.map(record => {
        const cells = new Map<string, CsvValue>();
        flatten(record, '', cells);
        return cells;
    });
    const columns = [...new Set(rows.flatMap(cells => [...cells.keys()]))];
    return toCsv([columns, ...rows.map(cells => columns.map(column => cells.get(column)))]);
};
