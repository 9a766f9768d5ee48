/*
 * The run: this server on each engine chosen and json-server, measured one after the other on each
 * scale's seeded database (with --only memberships, that row alone), then the report; whatever happens,
 * nothing the run started is left behind.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { psql } from '../postgres-cluster';
import { addPrototype, seedDatabase } from './databases';
import { fileEngine, postgresEngine } from './engines';
import { log, messageOf } from './helpers';
import { benchmarkServer, type Outcome, type Results } from './measure';
import { membershipsDue, type MembershipsRun } from './memberships';
import { readOptions } from './options';
import { cleanUp, makeTempDir, removeTempDir, startCluster } from './processes';
import { printReport } from './report';
import { membershipsRow, scaleRows } from './rows';
import { jsonServer, ourServer, type Engine } from './subjects';
import { startMailSink } from './mailSink';

const main = async () => {
    const options = readOptions();
    log('building the server (npm run build builds it with the app)');
    const build = spawnSync(process.execPath, ['src/scripts/server-build.mjs'], {
        cwd: options.serverDir,
        stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the server could not be built');
    let postgresVersion: string | undefined;
    const engines: Engine[] = [];
    if (options.engine !== 'postgres') engines.push(fileEngine);
    if (options.engine !== 'json') {
        log('starting PostgreSQL');
        const postgres = await startCluster();
        postgresVersion = await psql(postgres.url('postgres'), 'SHOW server_version');
        engines.push(postgresEngine(options.serverDir, postgres));
    }
    // Where this server's messages to customers go: a mail server in this process.
    const sink = await startMailSink();
    const ours = engines.map(engine => ourServer(options.serverDir, engine, sink));
    const theirs = jsonServer(options.serverDir);
    const rows: string[][] = [];
    for (const scale of options.scales) {
        const dir = makeTempDir('studio-bench-db-');
        try {
            log(`scale ${scale}: seeding`);
            const dbFile = join(dir, 'db.json');
            await seedDatabase(options.serverDir, scale, dbFile);
            addPrototype(dbFile, scale);
            // One after the other, never side by side: each server has the machine to itself.
            const scaleRowsBefore = rows.length;
            if (!options.only) {
                const ourResults: Results[] = [];
                for (const subject of ours) ourResults.push(await benchmarkServer(subject, dbFile, options.runs));
                const theirResults = await benchmarkServer(theirs, dbFile, options.runs);
                rows.push(...scaleRows(scale, ourResults, theirResults));
            }
            const due: Outcome<MembershipsRun>[] = [];
            for (const engine of engines) due.push(await membershipsDue(options.serverDir, engine, sink, dbFile));
            rows.push(membershipsRow(rows.length === scaleRowsBefore ? scale : undefined, due));
        } finally {
            removeTempDir(dir);
        }
    }
    await sink.stop();
    printReport(
        options,
        engines.map(engine => engine.label),
        rows,
        postgresVersion,
    );
};

/** The whole run: the report on stdout, or the error on stderr and exit code 1; cleanUp either way. */
export const runBench = async () => {
    try {
        await main();
    } catch (error) {
        console.error(messageOf(error));
        process.exitCode = 1;
    } finally {
        cleanUp();
    }
};
