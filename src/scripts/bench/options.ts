/*
 * The bench's settings: the constants every run keeps, the command line's options, and the checkout
 * this script belongs to.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** The checkout this script is part of: the server measured when no --server-dir names another. */
export const CHECKOUT_DIR = resolve(import.meta.dirname, '../../..');

export const TODAY = '2026-11-23';
export const WARM_UPS = 3;
export const WRITERS = 10;
export const LOAD_MS = 5_000;
/** Clients reading at once for reads/s; the window before LOAD_MS warms a fresh process and the sockets. */
export const READERS = 16;
export const READ_WARM_UP_MS = 3_000;
export const RSS_SAMPLE_MS = 200;
// Generous: json-server rewrites the whole file on every write, so at scale 100 a request can wait
// behind ten writes of 70 MB each.
export const REQUEST_TIMEOUT_MS = 120_000;
export const START_TIMEOUT_MS = 180_000;
export const SEED_TIMEOUT_MS = 600_000;
export const JSON_SERVER_BIN = 'node_modules/json-server/lib/cli/bin.js';
/** This server's build (npm run build), which the run makes first. */
export const SERVER_ENTRY = 'build/server/main.js';
/** The booking rush: clients booking one class of this many seats at once. */
export const RUSH_CLIENTS = 500;
export const RUSH_SEATS = 20;
/** Messages due at once while the runner's cost on the writes is measured. */
export const DRAIN_MESSAGES = 1_000;
/** Rows of the customers' CSV file imported, previewed and undone. */
export const IMPORT_ROWS = 10_000;
/** Memberships charged at the same instant, and how long they may take (the charge time plus 5 minutes). */
export const MEMBERSHIPS_DUE = 1_000;
export const MEMBERSHIPS_DEADLINE_MS = 300_000;
/** Starts timed per server and scale, of which the median is shown. */
export const STARTS = 3;
export const ADMIN = { email: 'admin@studio.test', password: 'studio-admin' };
export const MANAGER = { email: 'manager@studio.test', password: 'studio-manager' };

const ENGINES = ['json', 'postgres', 'both'] as const;
type EngineChoice = (typeof ENGINES)[number];
/** Measures a run may be limited to, alone (the rest of the table is then not measured). */
const ONLY = ['memberships'] as const;

export interface Options {
    scales: number[];
    runs: number;
    serverDir: string;
    engine: EngineChoice;
    only: (typeof ONLY)[number] | undefined;
}

export const readOptions = (): Options => {
    const { values } = parseArgs({
        options: {
            scales: { type: 'string', default: '1,10,100' },
            runs: { type: 'string', default: '50' },
            'server-dir': { type: 'string', default: CHECKOUT_DIR },
            engine: { type: 'string', default: 'json' },
            only: { type: 'string' },
        },
        strict: true,
    });
    const scales = values.scales.split(',').map(Number);
    const runs = Number(values.runs);
    if (!scales.every(scale => scale > 0)) throw new Error('--scales must be numbers above 0, separated by commas');
    if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number above 0');
    const engine = values.engine as EngineChoice;
    if (!ENGINES.includes(engine)) throw new Error(`--engine must be one of ${ENGINES.join(', ')}`);
    const only = values.only as Options['only'];
    if (only !== undefined && !ONLY.includes(only)) throw new Error(`--only must be one of ${ONLY.join(', ')}`);
    return { scales, runs, serverDir: resolve(values['server-dir']), engine, only };
};
