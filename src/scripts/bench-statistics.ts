/*
 * How long the income statistics and the dashboard take over a database:
 *   npx tsx src/scripts/bench-statistics.ts [--db FILE] [--runs N]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Database, User } from '../domain/types';
import { dashboard, incomeStatistics } from '../server/statistics';

const { values } = parseArgs({ options: { db: { type: 'string', default: 'db.json' }, runs: { type: 'string', default: '20' } } });
const db = JSON.parse(readFileSync(values.db, 'utf8')) as Database;
const runs = Number(values.runs);
const manager = db.users.find(user => user.role === 'manager') as User & { role: 'manager' };

const time = (label: string, work: () => unknown) => {
    work();
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
        const started = performance.now();
        work();
        times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${label}: median ${times[Math.floor(runs / 2)].toFixed(1)} ms, max ${times[runs - 1].toFixed(1)} ms`);
};

console.log(`${values.db}: ${db.customers.length} customers, ${db.attendances.length} attendances, ${db.payments.length} payments`);
time('statistics, a month by day', () => incomeStatistics(db, { from: '2026-11-01', to: '2026-11-30' }, 'day'));
time('statistics, a year by month', () => incomeStatistics(db, { from: '2026-01-01', to: '2026-12-31' }, 'month'));
time('dashboard (manager)', () => dashboard(db, manager, new Date('2026-11-23T12:00:00Z')));
