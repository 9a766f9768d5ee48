import express, { Router, type Request } from 'express';
import { importMappingSchema, type ImportMapping } from '../../domain/imports';
import type { Clock } from '../../domain/time';
import { ApiError, badRequest, handle } from '../http/errors';
import { allow, numericId, userOf, withoutNul } from '../http/requests';
import { applyImport } from './operations';
import { planImport } from './plan';
import { undoImport } from './undoImport';
import { CsvError, readCsv } from './readCsv';
import type { Storage } from '../storage/types';

/*
 * POST /api/imports/customers: a CSV file saved by Excel or another CRM as the body (Content-Type
 * text/csv), ?fileName= and an optional ?mapping= (JSON: column → field; guessed from the headers
 * otherwise). With ?dryRun=true it answers what would happen and writes nothing; otherwise it applies
 * the rows without errors in one transaction and answers the import recorded. POST /api/imports/:id/undo
 * takes it back. Managers and admins.
 */

/** A studio's whole customer list: 10,000 rows of a dozen columns are a few megabytes. */
const importBodyLimit = '20mb';

/** The mapping a request chose, or none (then it is guessed); a malformed one is a 400 naming `mapping`. */
const mappingOf = (req: Request): ImportMapping | undefined => {
    const text = req.query.mapping;
    if (text === undefined || text === '') return undefined;
    let parsed: unknown;
    try {
        parsed = JSON.parse(withoutNul('mapping', String(text)));
    } catch {
        throw badRequest('The mapping is not JSON', { mapping: 'app.import.bad_mapping' });
    }
    const checked = importMappingSchema.safeParse(parsed);
    if (!checked.success) throw badRequest('The mapping names an unknown field', { mapping: 'app.import.bad_mapping' });
    return checked.data;
};

/** The file the body holds, read; an empty or unreadable one is a 400 naming `file`. */
const fileOf = (req: Request) => {
    const body = req.body as unknown;
    if (!Buffer.isBuffer(body) || body.length === 0)
        throw badRequest('Send the CSV file as the body, with Content-Type text/csv', { file: 'app.import.empty' });
    let file;
    try {
        file = readCsv(body);
    } catch (error) {
        if (error instanceof CsvError)
            throw new ApiError(
                400,
                `Line ${error.line} of the file cannot be read as CSV`,
                { file: error.key },
                {
                    line: error.line,
                },
            );
        throw error;
    }
    if (!file.headers.length || !file.rows.length)
        throw badRequest('The file has no rows to import', { file: 'app.import.empty' });
    return file;
};

export const importRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();
    const csvBody = express.raw({
        type: ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'],
        limit: importBodyLimit,
    });

    router.post(
        '/imports/customers',
        csvBody,
        handle(async (req, res) => {
            allow(req, 'imports', 'create');
            const fileName = withoutNul('fileName', String(req.query.fileName ?? '')).slice(0, 255) || 'import.csv';
            const dryRun = req.query.dryRun === 'true' || req.query.dryRun === '1';
            const mapping = mappingOf(req);
            const file = fileOf(req);
            const now = clock();
            if (dryRun) {
                const { actions: _writes, ...plan } = await planImport(storage, file, mapping, now);
                res.json(plan);
                return;
            }
            const user = userOf(req);
            // Planned again inside the write: what the rows match is what the database holds now.
            const done = await storage.transaction(async tx =>
                applyImport(tx, await planImport(tx, file, mapping, now), fileName, user, now),
            );
            res.status(201).json(done);
        }),
    );

    router.post(
        '/imports/:id/undo',
        handle(async (req, res) => {
            allow(req, 'imports', 'create');
            const id = numericId(req.params.id);
            const user = userOf(req);
            res.json(await storage.transaction(tx => undoImport(tx, id, user, clock())));
        }),
    );
    return router;
};
