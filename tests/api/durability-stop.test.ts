import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/domain/types';
import { login, removeDir, startServerProcess, storedDatabase, type ServerProcess } from '../support/server';

/*
 * A clean stop of `npm start`'s process while writes are in flight: every request the server took is
 * answered (new ones on an open connection get 503 with Connection: close), the process exits 0, and
 * the database holds exactly the writes that were acknowledged.
 */

type Outcome = { name: string; status: number } | { name: string; refused: string };

/** A write on a connection of its own, so that each request is either taken by the server or refused at connect. */
const write = (server: ServerProcess, token: string, name: string): Promise<Outcome> =>
    new Promise(resolve => {
        const body = JSON.stringify({ name, color: '#336699' });
        const req = request(
            `${server.url}/api/directions`,
            {
                method: 'POST',
                agent: false,
                headers: {
                    'Content-Type': 'application/json',
                    'Content-Length': Buffer.byteLength(body),
                    Authorization: `Bearer ${token}`,
                },
            },
            res => {
                res.resume();
                res.on('end', () => resolve({ name, status: res.statusCode ?? 0 }));
            },
        );
        req.on('error', error => resolve({ name, refused: (error as NodeJS.ErrnoException).code ?? error.message }));
        req.end(body);
    });

describe('a clean stop with writes in flight', () => {
    let server: ServerProcess | undefined;
    afterAll(async () => {
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    it('answers every write it took, exits 0, and keeps exactly the acknowledged ones', async () => {
        server = await startServerProcess({ env: { CHECKPOINT_IDLE_MS: '600000' } });
        const token = await login(server.url, 'admin');
        const writes = Array.from({ length: 30 }, (_, index) => write(server!, token, `In flight ${index}`));
        await new Promise(resolve => setTimeout(resolve, 5));
        const exited = new Promise<number | null>(done => server!.process.once('exit', code => done(code)));
        server.process.kill('SIGTERM');
        const outcomes = await Promise.all(writes);
        expect(await exited).toBe(0);

        // Taken and answered (201, or 503 once stopping), or refused at connect: never cut off unanswered.
        const cutOff = outcomes.filter(outcome => 'refused' in outcome && outcome.refused !== 'ECONNREFUSED');
        expect(cutOff, JSON.stringify(outcomes)).toEqual([]);
        const answered = outcomes.filter(outcome => 'status' in outcome);
        expect(answered.length, JSON.stringify(outcomes)).toBeGreaterThan(0);
        expect(answered.every(outcome => 'status' in outcome && [201, 503].includes(outcome.status))).toBe(true);

        const acknowledged = answered.filter(outcome => 'status' in outcome && outcome.status === 201).map(o => o.name);
        const kept = (await storedDatabase(server)).directions
            .map(direction => direction.name)
            .filter(name => name.startsWith('In flight'));
        expect(kept.sort()).toEqual(acknowledged.sort());
        // A clean stop leaves db.json whole: everything is in the file itself, the journal emptied.
        const file = JSON.parse(readFileSync(server.dbFile, 'utf8')) as Database;
        expect(file.directions.filter(direction => direction.name.startsWith('In flight')).length).toBe(
            acknowledged.length,
        );
    });
});
