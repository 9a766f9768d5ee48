/*
 * The table's rows for one scale: per measure, a cell for each engine of this server, json-server's
 * cell and the ratios.
 */
import { NOTES_PER_SCALE } from './databases';
import { number } from './helpers';
import { cpuText, type ReadLoad, type Summary } from './load';
import type { Outcome, Results } from './measure';
import type { MembershipsRun } from './memberships';
import {
    DRAIN_MESSAGES,
    IMPORT_ROWS,
    LOAD_MS,
    MEMBERSHIPS_DEADLINE_MS,
    MEMBERSHIPS_DUE,
    READERS,
    RUSH_CLIENTS,
    RUSH_SEATS,
    STARTS,
    WRITERS,
} from './options';

/** measure, one cell per engine of this server, json-server, one ratio per engine */
type Row = string[];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const ratio = (ours: number, theirs: number) => (theirs > 0 ? (ours / theirs).toFixed(2) : '—');

/** A row from one number per server; each ratio only when both have one. */
const valueRow = <T>(label: string, ours: Outcome<T>[], theirs: Outcome<T>, value: (result: T) => number): Row => [
    label,
    ...ours.map(result => (result.ok ? number(value(result.value)) : result.reason)),
    theirs.ok ? number(value(theirs.value)) : theirs.reason,
    ...ours.map(result => (result.ok && theirs.ok ? ratio(value(result.value), value(theirs.value)) : '—')),
];

const summaryText = (summary: Summary) => `${number(summary.median)} / ${number(summary.p95)}`;

const CPU_PARTS = 'server + database + clients, machine idle';

const summaryRow = (label: string, ours: Outcome<Summary>[], theirs: Outcome<Summary>): Row => [
    label,
    ...ours.map(result => (result.ok ? summaryText(result.value) : result.reason)),
    theirs.ok ? summaryText(theirs.value) : theirs.reason,
    ...ours.map(result =>
        result.ok && theirs.ok
            ? `${ratio(result.value.median, theirs.value.median)} / ${ratio(result.value.p95, theirs.value.p95)}`
            : '—',
    ),
];

/** A row json-server has no counterpart for: its cell and the ratios stay empty ('—' also where an engine has none). */
const oursOnlyRow = <T>(label: string, ours: (Outcome<T> | undefined)[], show: (value: T) => string): Row => [
    label,
    ...ours.map(result => (!result ? '—' : result.ok ? show(result.value) : result.reason)),
    '—',
    ...ours.map(() => '—'),
];

const memoryRow = (ours: Results['memory'][], theirs: Results['memory']): Row => {
    const show = (memory: Results['memory']) =>
        !memory.ok ? memory.reason : `${number(memory.value.peakMb)}${memory.value.crashed ? ' (then crashed)' : ''}`;
    // A peak cut short by a crash is not comparable with a complete one.
    const comparable = (memory: Results['memory']) => memory.ok && !memory.value.crashed;
    const peak = (memory: Results['memory']) => (memory.ok ? memory.value.peakMb : 0);
    return [
        'memory: peak RSS (MB)',
        ...ours.map(show),
        show(theirs),
        ...ours.map(memory => (comparable(memory) && comparable(theirs) ? ratio(peak(memory), peak(theirs)) : '—')),
    ];
};

/** Two processes' reads/s over one's: both must have been measured. */
const scaling = (results: Results): Outcome<number> | undefined => {
    if (!results.readsOne || !results.readsTwo) return undefined;
    if (!results.readsOne.ok) return results.readsOne;
    if (!results.readsTwo.ok) return results.readsTwo;
    return { ok: true, value: results.readsTwo.value.perSecond / results.readsOne.value.perSecond };
};

export const scaleRows = (scale: number, ours: Results[], theirs: Results): string[][] => {
    const loadReader = (results: Results): Outcome<Summary> =>
        results.underLoad.ok ? { ok: true, value: results.underLoad.value.reader } : results.underLoad;
    const rows: Row[] = [
        valueRow(
            `start-up: npm start / npx json-server to the first answer, median of ${STARTS} (ms)`,
            ours.map(results => results.startupMs),
            theirs.startupMs,
            median,
        ),
        valueRow(
            'start-up: the first of them, over a database no server opened yet (ms)',
            ours.map(results => results.startupMs),
            theirs.startupMs,
            times => times[0],
        ),
        memoryRow(
            ours.map(results => results.memory),
            theirs.memory,
        ),
        summaryRow(
            'list 25 customers by last name: median / p95 (ms)',
            ours.map(results => results.list),
            theirs.list,
        ),
        summaryRow(
            'one durable write: median / p95 (ms)',
            ours.map(results => results.write),
            theirs.write,
        ),
        summaryRow(`list while ${WRITERS} clients write: median / p95 (ms)`, ours.map(loadReader), loadReader(theirs)),
        valueRow(
            `writes/s by those ${WRITERS} clients`,
            ours.map(results => results.underLoad),
            theirs.underLoad,
            load => load.writesPerSecond,
        ),
        summaryRow(
            `prototype: page 3 of ${Math.round(NOTES_PER_SCALE * scale)} notes by title (_page): median / p95 (ms)`,
            ours.map(results => results.prototypeList),
            theirs.prototypeList,
        ),
        oursOnlyRow(
            'income statistics for a year: median / p95 (ms)',
            ours.map(results => results.statistics),
            summaryText,
        ),
        oursOnlyRow(
            'dashboard: median / p95 (ms)',
            ours.map(results => results.dashboard),
            summaryText,
        ),
        oursOnlyRow(
            "portal: a customer's week of classes with seats and their bookings: median / p95 (ms)",
            ours.map(results => results.portalWeek),
            summaryText,
        ),
        oursOnlyRow(
            `booking rush, ${RUSH_CLIENTS} clients for ${RUSH_SEATS} seats at once: all answered (ms), median / p95, booked, errors`,
            ours.map(results => results.bookingRush),
            rush =>
                `${number(rush.allAnsweredMs)}, ${summaryText(rush.latency)}, ${rush.booked} booked, ${rush.errors} errors`,
        ),
        oursOnlyRow(
            `writes/s by those ${WRITERS} clients while ${DRAIN_MESSAGES} due messages are sent; sent in those ${LOAD_MS / 1000} s; all sent after (ms)`,
            ours.map(results => results.messageDrain),
            drain =>
                `${number(drain.writesPerSecond)}; ${drain.sentInWindow}; ${drain.drainedMs === null ? 'over 60 s' : number(drain.drainedMs)}`,
        ),
        oursOnlyRow(
            `import ${IMPORT_ROWS} customers from a CSV file (half with a pass): its size (MB); dry run; applied; undone (ms)`,
            ours.map(results => results.customerImport),
            run =>
                `${(run.bytes / 1_048_576).toFixed(1)}; ${number(run.dryRunMs)}; ${number(run.appliedMs)}; ${number(run.undoneMs)}`,
        ),
    ];
    if (ours.some(results => results.databaseMemory)) {
        rows.push(
            oursOnlyRow(
                'memory: PostgreSQL cluster, peak PSS (MB)',
                ours.map(results => results.databaseMemory),
                number,
            ),
        );
    }
    const perSecond = (load: ReadLoad) => number(load.perSecond);
    rows.push(
        oursOnlyRow(
            `reads/s, one process (${READERS} clients, the sorted list)`,
            ours.map(results => results.readsOne),
            perSecond,
        ),
        oursOnlyRow(
            `CPU per read, one process: ${CPU_PARTS} (ms)`,
            ours.map(results => results.readsOne),
            cpuText,
        ),
    );
    if (ours.some(results => results.readsTwo)) {
        rows.push(
            oursOnlyRow(
                'reads/s, two processes on one database',
                ours.map(results => results.readsTwo),
                perSecond,
            ),
            oursOnlyRow(
                `CPU per read, two processes: ${CPU_PARTS} (ms)`,
                ours.map(results => results.readsTwo),
                cpuText,
            ),
            oursOnlyRow('reads/s, two processes / one', ours.map(scaling), value => value.toFixed(2)),
        );
    }
    // The scale only on the first row of its group: the table reads as one block per database.
    return rows.map((row, index) => [index === 0 ? `**${scale}**` : '', ...row]);
};

const thousands = (value: number) => value.toLocaleString('en-US');

/** What the memberships' run found: the time all were charged (or how many within the deadline) and the requests. */
const membershipsText = (run: MembershipsRun) => {
    const charged =
        run.allChargedMs === null
            ? `only ${thousands(run.charged)} charged within ${MEMBERSHIPS_DEADLINE_MS / 60_000} min`
            : `all charged in ${number(run.allChargedMs / 1000)} s`;
    const moved = run.moved === MEMBERSHIPS_DUE ? '' : `, ${thousands(run.moved)} moved to their next period`;
    return `${charged}, ${thousands(run.requests)} provider requests (${thousands(run.payments)} payments)${moved}`;
};

/** The memberships row, one cell per engine; `scale` when it is the first row of its scale. */
export const membershipsRow = (scale: number | undefined, ours: Outcome<MembershipsRun>[]): string[] => [
    scale === undefined ? '' : `**${scale}**`,
    ...oursOnlyRow(`${thousands(MEMBERSHIPS_DUE)} memberships due at once`, ours, membershipsText),
];
