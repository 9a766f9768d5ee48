/*
 * The report on stdout: the machine and what was measured, the markdown table of the rows, and the
 * footnotes that say how each row was taken.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import {
    CHECKOUT_DIR,
    LOAD_MS,
    MEMBERSHIPS_DEADLINE_MS,
    MEMBERSHIPS_DUE,
    READERS,
    READ_WARM_UP_MS,
    RSS_SAMPLE_MS,
    STARTS,
    TODAY,
    WARM_UPS,
    type Options,
} from './options';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** Taken before the run does anything: what else was keeping the machine busy. */
const loadBefore = loadavg()[0];

const machine = () => {
    const cpu = cpus();
    return [
        `Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'} × ${cpu.length}, ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, ` +
            `Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${loadBefore.toFixed(1)} before the run`,
    ];
};

/** This checkout's server by its path in the repository; another checkout's by its folder. */
const serverName = (serverDir: string) =>
    serverDir === CHECKOUT_DIR ? 'build/server/main.js of this checkout' : `${serverDir}/build/server/main.js`;

/** What the PostgreSQL columns ran on, for the report's second line. */
const postgresLine = (version: string) =>
    ` PostgreSQL ${version}: one throwaway cluster on this machine (default settings, max_connections=200), a fresh database per scale ` +
    `loaded from the seeded db.json and vacuumed; the server's pool: DATABASE_POOL_SIZE=${process.env.DATABASE_POOL_SIZE ?? '10 (default)'}.`;

/** How the memberships row is taken. */
const membershipsNote =
    `${MEMBERSHIPS_DUE.toLocaleString('en-US')} memberships due at once: the seeded database gains that many memberships whose cards ` +
    'were saved with ЮKassa, each in its first period with its charge notice delivered 48 hours before its charge, all charged ' +
    'at the same instant; the server starts on a copy with PAYMENT_PROVIDER=yookassa pointed at a stand-in in this ' +
    "script's process (every saved card pays at once), CLOCK_START at that instant and MEMBERSHIPS_EVERY_MS=1000. " +
    'Timed from spawning the server to the first time GET /api/charges counts them all succeeded (asked twice a second), ' +
    `at most ${MEMBERSHIPS_DEADLINE_MS / 60_000} minutes; provider requests: every request the stand-in got, payments: those it made (one per Idempotence-Key).`;

const footnotes = (options: Options) => {
    if (options.only) return [membershipsNote];
    const postgres = options.engine !== 'json';
    const lines = [
        'Ratio = this server / json-server: below 1 this server is faster or smaller; for writes/s above 1 it writes more.',
        `Start-up: ${STARTS} starts one after the other over the same database, each as a person starts it from a shell ` +
            '(`npm start`, which runs the build of npm run build; `npx json-server FILE`), timed from spawning the command to the ' +
            'first answer of GET /api/health (this server) or GET / (json-server), and stopped before the next; the first start ' +
            'over a db.json checks every record against the schemas, later ones find the file as the server left it. ' +
            "The other rows run each server as `node` directly (this server from its build), so that its pid is the server's.",
        `Memory: VmRSS after start-up, after the sequential writes, every ${RSS_SAMPLE_MS} ms under load and after it. ` +
            'json-server writes its whole file with writeFileSync and no fsync before it answers, so its writes are not durable.',
    ];
    if (postgres) {
        lines.push(
            "With PostgreSQL this server's RSS excludes the database's processes; the cluster's row adds up the PSS of the postmaster " +
                'and all its children (shared buffers counted once, not once per backend), sampled at the same moments. ' +
                'A PostgreSQL write is acknowledged once its commit is on disk (synchronous_commit on).',
        );
    }
    lines.push(membershipsNote);
    lines.push(
        `Reads/s: ${READERS} clients in this script's process, each sending the sorted list again as soon as the last answer came, ` +
            `for ${LOAD_MS / 1000} s after ${READ_WARM_UP_MS / 1000} s of warm-up (node:http keep-alive, answers compressed as for fetch and not parsed); ` +
            `${postgres ? 'the clients, the server processes and PostgreSQL' : 'the clients and the server'} share the machine's ${cpus().length} cores; ` +
            'CPU per read: the CPU time each used during the window (from /proc), divided by the reads. ' +
            (postgres
                ? 'Two processes: a second server process on the same database and another port, the requests taken in turn (round-robin). '
                : '') +
            "The db.json engine has no two-process row: a db.json belongs to one process, which holds it in memory and rewrites it, so a second one would neither see the first's writes nor keep them. " +
            'json-server is not measured there.',
    );
    return lines;
};

/** `labels`: the engines of this server's columns, in their order. */
export const printReport = (
    options: Options,
    labels: string[],
    rows: string[][],
    postgresVersion: string | undefined,
) => {
    // Without a choice the table reads as it always did; with one, each column says which engine it is.
    const ourTitles = options.engine === 'json' ? ['this server'] : labels.map(label => `this server (${label})`);
    const ratioTitles = labels.length === 1 ? ['ratio'] : labels.map(label => `ratio (${label})`);
    const titles = ['scale', 'measure', ...ourTitles, 'json-server', ...ratioTitles];
    const alignment = ['---:', '---', ...titles.slice(2).map(() => '---:')];
    const lines = [
        ...machine(),
        `Server: ${serverName(options.serverDir)}; json-server 0.17.4; databases from the seed script (--today ${TODAY}); ` +
            `${options.runs} timed runs after ${WARM_UPS} warm-ups.${postgresVersion ? postgresLine(postgresVersion) : ''}`,
        '',
        `| ${titles.join(' | ')} |`,
        `| ${alignment.join(' | ')} |`,
        ...rows.map(row => `| ${row.map(cell).join(' | ')} |`),
        '',
        ...footnotes(options),
    ];
    console.log(lines.join('\n'));
};
