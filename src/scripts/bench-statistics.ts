/*
 * How long the income statistics and the dashboard take over a database, through the storage the
 * server runs on:
 *   npx tsx src/scripts/bench-statistics.ts [--db FILE] [--runs N]
 * With DATABASE_URL set, over that PostgreSQL database instead (it is only read).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { User } from '../domain/types';
import { dashboard, incomeStatistics } from '../server/statistics';
import { openStorage } from '../server/storage';

const { values } = parseArgs({
    options: { db: { type: 'string', default: 'db.json' }, runs: { type: 'string', default: '20' } },
});
const runs = Number(values.runs);

// Opening a database writes it back: the storage gets a copy, never the file named.
const dir = mkdtempSync(join(tmpdir(), 'studio-bench-'));
const file = join(dir, 'db.json');
copyFileSync(resolve(values.db), file);
const storage = await openStorage({ file, watchIntervalMs: 0, databaseUrl: process.env.DATABASE_URL });
const manager = (await storage.select('users', { role: 'manager' }))[0] as User & { role: 'manager' };

const time = async (label: string, work: () => Promise<unknown>) => {
    await work();
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
        const started = performance.now();
        await work();
        times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${label}: median ${times[Math.floor(runs / 2)].toFixed(1)} ms, max ${times[runs - 1].toFixed(1)} ms`);
};

try {
    console.log(
        `${process.env.DATABASE_URL ? 'PostgreSQL' : values.db}: ${await storage.count('customers')} customers, ${await storage.count('attendances')} attendances, ${await storage.count('payments')} payments`,
    );
    await time('statistics, a month by day', () =>
        incomeStatistics(storage, { from: '2026-11-01', to: '2026-11-30' }, 'day', new Date()),
    );
    await time('statistics, a year by month', () =>
        incomeStatistics(storage, { from: '2026-01-01', to: '2026-12-31' }, 'month', new Date()),
    );
    await time('dashboard (manager)', () => dashboard(storage, manager, new Date('2026-11-23T12:00:00Z')));
} finally {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
}
