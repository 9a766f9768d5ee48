import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';

/*
 * A CSV file as a spreadsheet saved it, read into a header and rows of text. Excel in Russian saves
 * Windows-1251 split by semicolons, "CSV UTF-8" with a byte order mark, and "Unicode text" as UTF-16
 * split by tabs; Google Sheets and LibreOffice save UTF-8 without one. Which it is is told by the bytes
 * themselves, since no one who exports from a CRM knows. What the cells mean is src/domain/imports.ts.
 */

/** A file that cannot be read as CSV (a quote never closed...): `line` is where the unreadable row starts. */
export class CsvError extends Error {
    /** The message the app shows: the row at `line` cannot be read. */
    readonly key = 'app.import.unreadable';

    constructor(
        readonly line: number,
        cause?: unknown,
    ) {
        super('app.import.unreadable', { cause });
    }
}

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'windows-1251';
export type CsvSeparator = ',' | ';' | '\t';

/** A row of cells, trimmed, and the line of the file it starts on (the header is line 1). */
export type CsvRow = { line: number; cells: string[] };

export type CsvFile = { encoding: CsvEncoding; separator: CsvSeparator; headers: string[]; rows: CsvRow[] };

const utf8Bom = [0xef, 0xbb, 0xbf];
const utf16Bom = [0xff, 0xfe];
const startsWith = (bytes: Buffer, mark: number[]) => mark.every((byte, index) => bytes[index] === byte);

/** The text of the file and what it was written in: a byte order mark says so; else valid UTF-8 is UTF-8. */
const decode = (bytes: Buffer): { encoding: CsvEncoding; text: string } => {
    if (startsWith(bytes, utf8Bom)) return { encoding: 'utf-8', text: bytes.subarray(3).toString('utf8') };
    if (startsWith(bytes, utf16Bom)) return { encoding: 'utf-16le', text: iconv.decode(bytes.subarray(2), 'utf-16le') };
    try {
        return { encoding: 'utf-8', text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
    } catch {
        // Cyrillic in Windows-1251 is bytes 0xC0-0xFF one by one, which UTF-8 never has alone.
        return { encoding: 'windows-1251', text: iconv.decode(bytes, 'win1251') };
    }
};

const separators: readonly CsvSeparator[] = [';', ',', '\t'];

/**
 * The separator the header line uses most, outside quotes: a header may well name "Фамилия, имя".
 * A tie goes to the semicolon, Excel's in Russian; a single column, to the comma.
 */
const separatorOf = (text: string): CsvSeparator => {
    const counts = new Map<string, number>();
    let quoted = false;
    for (const char of text) {
        if (char === '"') quoted = !quoted;
        else if (!quoted && (char === '\n' || char === '\r')) break;
        else if (!quoted) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    const best = separators.reduce((found, separator) =>
        (counts.get(separator) ?? 0) > (counts.get(found) ?? 0) ? separator : found,
    );
    return (counts.get(best) ?? 0) > 0 ? best : ',';
};

const lf = 0x0a;
const cr = 0x0d;

/** Counts the line breaks of the file as it goes on, each \r\n, \n or lone \r once. */
const lineCounter = (bytes: Buffer) => {
    let line = 1;
    let at = 0;
    return {
        /** Goes on to `offset`, counting the breaks on the way. */
        to(offset: number) {
            for (; at < offset; at++) {
                const byte = bytes[at];
                if (byte === lf || (byte === cr && bytes[at + 1] !== lf)) line++;
            }
            return line;
        },
        /** Skips the line breaks from here (the empty lines before a row), and says the line reached. */
        overBreaks() {
            while (at < bytes.length && (bytes[at] === lf || bytes[at] === cr)) this.to(at + 1);
            return line;
        },
    };
};

/** Headers told apart: a second "Телефон" is "Телефон (2)", since a column is chosen by its header. */
const uniqueHeaders = (headers: string[]): string[] => {
    const seen = new Map<string, number>();
    return headers.map(header => {
        const count = (seen.get(header) ?? 0) + 1;
        seen.set(header, count);
        return count === 1 ? header : `${header} (${count})`;
    });
};

/**
 * Reads a CSV file: its encoding and separator found from its bytes, the first row as the headers,
 * and every other row that has any text, with the line it starts on (a quoted cell may hold line
 * breaks, so a row's line is not its index). Throws a CsvError when the file is not CSV.
 */
export const readCsv = (bytes: Buffer): CsvFile => {
    const { encoding, text } = decode(bytes);
    const separator = separatorOf(text);
    // Parsed as UTF-8 bytes, so that where each record ends (csv-parse counts bytes) finds its line.
    const utf8 = encoding === 'utf-8' && !startsWith(bytes, utf8Bom) ? bytes : Buffer.from(text, 'utf8');
    const ends: number[] = [];
    let records: string[][];
    try {
        records = parse(utf8, {
            delimiter: separator,
            record_delimiter: ['\r\n', '\n', '\r'],
            relax_column_count: true,
            skip_empty_lines: true,
            on_record: (record: string[], context: { bytes: number }) => {
                ends.push(context.bytes);
                return record;
            },
        }) as string[][];
    } catch (error) {
        // The unreadable record starts after the last one read.
        const lines = lineCounter(utf8);
        lines.to(ends.at(-1) ?? 0);
        throw new CsvError(lines.overBreaks(), error);
    }
    const lines = lineCounter(utf8);
    const read = records.map((record, index) => {
        const line = lines.overBreaks();
        lines.to(ends[index]);
        return { line, cells: record.map(cell => cell.trim()) };
    });
    const [header, ...rows] = read;
    return {
        encoding,
        separator,
        headers: uniqueHeaders(header?.cells ?? []),
        rows: rows.filter(row => row.cells.some(cell => cell !== '')),
    };
};
