/*
 * The two servers under test behind one interface: this server, on the engine it is given, and bare
 * json-server 0.17.4; how each is started, logged into and asked.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyOf, prototypePage } from './databases';
import { postJson, request, type ReadTarget } from './load';
import { ADMIN, JSON_SERVER_BIN, MANAGER, SERVER_ENTRY } from './options';
import { spawnServer, type Running, type StartCommand } from './processes';
import { bookingRush, type Rush } from './rush';
import { messageDrain, type Drain } from './drain';
import { customerImport, type ImportRun } from './imports';
import type { MailSink } from './mailSink';

/** What the measurements need from a server; `extras` are the rows only this server has. */
export interface Client {
    /** The sorted list as a bare request, for the reads/s load; listSorted() sends it with fetch. */
    sortedList: ReadTarget;
    listSorted(): Promise<string>;
    /** A page of the prototype collection the bench adds to the database, in json-server's words. */
    listPrototype(): Promise<string>;
    createCustomer(n: number): Promise<string>;
    extras:
        | {
              statistics: () => Promise<string>;
              dashboard: () => Promise<string>;
              bookingRush: () => Promise<Rush>;
              portalWeek: () => Promise<string>;
              messageDrain: (nextNumber: () => number) => Promise<Drain>;
              customerImport: () => Promise<ImportRun>;
          }
        | undefined;
}

export interface Subject {
    name: string;
    /** Its database for one server run, made from the seeded file in `dir`: a file's path or a database's URL. */
    prepare(sourceDb: string, dir: string): Promise<string>;
    spawn(database: string, dir: string, port: number): Running;
    /** How a person starts it from a shell (npm start, npx json-server), and the page that answers once it is up. */
    startCommand(database: string, dir: string, port: number): StartCommand;
    connect(base: string): Promise<Client>;
    /** Gives back what prepare() made outside `dir` (a PostgreSQL database). */
    discard(database: string): Promise<void>;
    /** Processes whose reads/s are measured: none for json-server; one for a db.json, which one process owns. */
    readProcesses: 0 | 1 | 2;
    /** The processes that hold the database outside the server (the PostgreSQL cluster), for memory and CPU. */
    databasePids?: () => number[];
}

/** Where this server keeps its data: the part of a Subject that differs between its engines. */
export interface Engine {
    /** For the column's title: "this server (PostgreSQL)". */
    label: string;
    prepare: Subject['prepare'];
    /** The server's environment for its database. */
    env(database: string, dir: string): NodeJS.ProcessEnv;
    discard: Subject['discard'];
    readProcesses: 1 | 2;
    databasePids?: Subject['databasePids'];
}

const newCustomer = (n: number) => ({
    firstName: 'Bench',
    lastName: `Writer ${n}`,
    // Unique within a run; Moscow landlines, which the seeded phones (all mobile) never are.
    phone: `+7 495 ${String(n).padStart(7, '0')}`,
    status: 'lead',
});

/**
 * The settings this server runs with in the bench: its port, a stub build of the app, the engine's
 * database, and the bench's mail server for its messages.
 */
export const ourEnv = (
    engine: Engine,
    sink: MailSink,
    database: string,
    dir: string,
    port: number,
): NodeJS.ProcessEnv => {
    // A stub build: without an index.html the server would run vite build before it listens.
    const distDir = join(dir, 'dist');
    mkdirSync(distDir, { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>bench</title>\n');
    return {
        PORT: String(port),
        HOST: '127.0.0.1',
        DIST_DIR: distDir,
        TOKEN_SECRET: 'bench-'.repeat(8),
        SMTP_URL: sink.url,
        MAIL_FROM: 'bench@example.test',
        ...engine.env(database, dir),
    };
};

export const ourServer = (serverDir: string, engine: Engine, sink: MailSink): Subject => ({
    name: `this server (${engine.label})`,
    prepare: engine.prepare,
    // The build `npm start` runs (main.ts bundled by esbuild), without npm in between: the pid is the server's.
    spawn: (database, dir, port) =>
        spawnServer([join(serverDir, SERVER_ENTRY)], serverDir, ourEnv(engine, sink, database, dir, port), port),
    startCommand: (database, dir, port) => ({
        command: 'npm',
        args: ['start'],
        cwd: serverDir,
        env: ourEnv(engine, sink, database, dir, port),
        path: '/api/health',
    }),
    discard: engine.discard,
    readProcesses: engine.readProcesses,
    databasePids: engine.databasePids,
    connect: async base => {
        const login = async (account: typeof ADMIN) =>
            (JSON.parse(await postJson(`${base}/api/auth/login`, account)) as { token: string }).token;
        const admin = await login(ADMIN);
        const manager = await login(MANAGER);
        const get = (path: string, token: string) =>
            request(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
        // A customer of the demo in the portal, signed in once by a link staff make on the card.
        let portal: Promise<string> | undefined;
        const portalToken = async () => {
            const link = JSON.parse(await postJson(`${base}/api/customers/1/sign-in-link`, {}, admin)) as {
                url: string;
            };
            const token = link.url.split('/my/link/')[1];
            return (JSON.parse(await postJson(`${base}/api/portal/auth/link`, { token })) as { token: string }).token;
        };
        const listPath = `/api/customers?sort=${encodeURIComponent('["lastName","ASC"]')}&range=${encodeURIComponent('[0,24]')}`;
        const sortedList = { url: `${base}${listPath}`, headers: { Authorization: `Bearer ${admin}` } };
        return {
            sortedList,
            listSorted: () => request(sortedList.url, { headers: sortedList.headers }),
            listPrototype: () => get(`/api${prototypePage}`, admin),
            createCustomer: n => postJson(`${base}/api/customers`, newCustomer(n), admin),
            extras: {
                statistics: () => get('/api/statistics/incomes?from=2026-01-01&to=2026-12-31&interval=month', manager),
                dashboard: () => get('/api/dashboard', manager),
                bookingRush: () => bookingRush(base, admin),
                portalWeek: async () => get('/api/portal/classes', await (portal ??= portalToken())),
                messageDrain: nextNumber =>
                    messageDrain(
                        base,
                        admin,
                        sink,
                        n => postJson(`${base}/api/customers`, newCustomer(n), admin),
                        nextNumber,
                    ),
                customerImport: () => customerImport(base, manager),
            },
        };
    },
});

export const jsonServer = (serverDir: string): Subject => ({
    name: 'json-server',
    prepare: copyOf,
    // As anyone would start it: its own CLI and defaults (request log included), no heap flags.
    spawn: (dbFile, dir, port) =>
        spawnServer(
            [join(serverDir, JSON_SERVER_BIN), '--port', String(port), '--host', '127.0.0.1', dbFile],
            dir,
            {},
            port,
        ),
    startCommand: (dbFile, _dir, port) => ({
        command: 'npx',
        args: ['json-server', '--port', String(port), '--host', '127.0.0.1', dbFile],
        cwd: serverDir,
        env: {},
        path: '/',
    }),
    discard: async () => undefined,
    readProcesses: 0,
    connect: async base => {
        const sortedList = { url: `${base}/customers?_sort=lastName&_order=asc&_start=0&_end=25`, headers: {} };
        return {
            sortedList,
            listSorted: () => request(sortedList.url),
            listPrototype: () => request(`${base}${prototypePage}`),
            createCustomer: n => postJson(`${base}/customers`, newCustomer(n)),
            extras: undefined,
        };
    },
});
