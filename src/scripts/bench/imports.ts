/*
 * Moving a studio in: a CSV of IMPORT_ROWS customers with their passes (as another CRM exports it, in
 * Windows-1251 with `;`), previewed with a dry run, applied in one request, and undone: the time of each
 * request and the file's size.
 */
import iconv from 'iconv-lite';
import { IMPORT_ROWS } from './options';

export interface ImportRun {
    bytes: number;
    dryRunMs: number;
    appliedMs: number;
    undoneMs: number;
    created: number;
}

/** IMPORT_ROWS people with phones no demo customer has (+7 913 …), half of them with a pass of '8 занятий'. */
const importFile = (): Buffer => {
    const lines = ['Фамилия;Имя;Телефон;E-mail;Дата рождения;Абонемент;Осталось занятий;Действует до;Комментарий'];
    for (let n = 0; n < IMPORT_ROWS; n++) {
        const digits = String(1_000_000 + n).slice(1);
        const pass = n % 2 === 0 ? `8 занятий;${1 + (n % 8)};31.12.2030` : ';;';
        lines.push(
            `Импортов-${n};Иван;8 (913) ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}0;import.${n}@example.test;${String(1 + (n % 28)).padStart(2, '0')}.05.1990;${pass};"Из старой CRM; строка ${n}"`,
        );
    }
    return iconv.encode(lines.join('\r\n'), 'win1251');
};

const send = async (url: string, token: string, body: Buffer) => {
    const started = performance.now();
    const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(600_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${new URL(url).pathname}: ${response.status} ${text.slice(0, 120)}`);
    return { ms: performance.now() - started, answer: JSON.parse(text) as Record<string, unknown> };
};

export const customerImport = async (base: string, token: string): Promise<ImportRun> => {
    const file = importFile();
    const path = `${base}/api/imports/customers?fileName=bench.csv`;
    const dry = await send(`${path}&dryRun=true`, token, file);
    const applied = await send(path, token, file);
    const counts = applied.answer.counts as { create: number; update: number; errors: number };
    // A generated studio's customer may hold one of the phones: that row updates them instead.
    if (counts.create + counts.update !== IMPORT_ROWS || counts.errors)
        throw new Error(
            `the import took ${counts.create + counts.update} of ${IMPORT_ROWS} rows, with ${counts.errors} errors`,
        );
    const undone = await send(`${base}/api/imports/${String(applied.answer.id)}/undo`, token, Buffer.alloc(0));
    return { bytes: file.length, dryRunMs: dry.ms, appliedMs: applied.ms, undoneMs: undone.ms, created: counts.create };
};
