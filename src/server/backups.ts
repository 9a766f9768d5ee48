import { createWriteStream, mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { fsyncDirectory } from './storage/jsonFile/files';
import { databasePieces } from './storage/jsonFile/files';
import type { DatabaseSnapshot, Storage } from './storage/types';
import type { Clock } from '../domain/time';

/*
 * Backups of a db.json database: the whole database as it stood between two transactions (taken from
 * memory: the file on disk lags its journal, so a copy of it is not a snapshot), written as db.json's
 * own text, gzipped, into BACKUP_DIR as studio-YYYY-MM-DDTHH-MM-SSZ.json.gz, readable by the server's
 * user only. The server makes one a day by itself and keeps BACKUP_DAYS days of them; `npm run backup`
 * makes one now and `npm run restore -- FILE` puts one back (src/scripts/backup.ts).
 */

const dayMs = 24 * 60 * 60_000;
/** How often the server looks whether a day has passed since the last backup. */
const checkEveryMs = 60 * 60_000;

const backupName = /^studio-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.(json\.gz|dump)$/;

/** BACKUP_DIR: the folder given, or `backups` beside the database file. */
export const backupDirOf = (env: Record<string, string | undefined>, dbFile: string) =>
    resolve(env.BACKUP_DIR || join(dirname(dbFile), 'backups'));

/** A backup's file name for its time, in UTC, sorting as the times do: studio-2026-11-26T03-00-00Z.json.gz. */
export const backupFileName = (at: Date, extension: 'json.gz' | 'dump') =>
    `studio-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.${extension}`;

/** When a backup's file name says it was made; undefined for any other file. */
const backupTime = (name: string): number | undefined => {
    const parts = backupName.exec(name);
    return parts ? Date.parse(`${parts[1]}T${parts[2]}:${parts[3]}:${parts[4]}Z`) : undefined;
};

/** The backups in a folder, newest first. */
const backupsIn = (dir: string): { file: string; at: number }[] => {
    let names: string[];
    try {
        names = readdirSync(dir);
    } catch {
        return [];
    }
    return names
        .flatMap(name => {
            const at = backupTime(name);
            return at === undefined ? [] : [{ file: join(dir, name), at }];
        })
        .sort((a, b) => b.at - a.at);
};

/** The backups older than `days` days at `now`, to remove; the newest is always kept, however old. */
const expiredBackups = (backups: { file: string; at: number }[], now: number, days: number) =>
    backups.slice(1).filter(backup => now - backup.at > days * dayMs);

/** The folder for backups, made readable by the server's user only when it is new. */
export const backupFolder = (dir: string) => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
};

/**
 * Writes the database into `dir` as a gzipped db.json, a piece at a time (the server keeps answering),
 * under a temporary name until it is whole and flushed; answers its path.
 */
export const writeBackup = async (snapshot: DatabaseSnapshot, dir: string, at: Date): Promise<string> => {
    const file = join(backupFolder(dir), backupFileName(at, 'json.gz'));
    const temporary = `${file}.${process.pid}.tmp`;
    try {
        const out = createWriteStream(temporary, { mode: 0o600, flush: true });
        await pipeline(Readable.from(databasePieces(snapshot)), createGzip(), out);
        await rename(temporary, file);
        fsyncDirectory(file);
    } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
    }
    return file;
};

/** Removes the backups past BACKUP_DAYS; answers how many. */
export const pruneBackups = (dir: string, now: number, days: number): number => {
    const expired = expiredBackups(backupsIn(dir), now, days);
    for (const { file } of expired) unlinkSync(file);
    return expired.length;
};

interface DailyBackups {
    storage: Storage;
    dir: string;
    days: number;
    clock: Clock;
    log: Pick<Console, 'info' | 'error'>;
}

/**
 * The server's daily backup of a db.json database: one at start when the newest in the folder is a day
 * old or more (or there is none), then whenever a day has passed since the last, each followed by
 * removing those past `days`. A failed one (a full disk) is logged and tried again at the next look.
 * Answers the function that stops it, which waits for a backup under way.
 */
export const startDailyBackups = ({ storage, dir, days, clock, log }: DailyBackups): (() => Promise<void>) => {
    const snapshot = storage.snapshot?.bind(storage);
    if (!snapshot || days <= 0) return async () => undefined;
    let running: Promise<void> | undefined;
    const look = () => {
        if (running) return;
        const now = clock().getTime();
        const newest = backupsIn(dir)[0];
        if (newest && now - newest.at < dayMs) return;
        running = (async () => {
            try {
                const file = await writeBackup(await snapshot(), dir, new Date(now));
                const removed = pruneBackups(dir, now, days);
                log.info(
                    `Backed up the database into ${file} (${statSync(file).size} bytes)${removed ? `; removed ${removed} older than ${days} days` : ''}.`,
                );
            } catch (error) {
                log.error(
                    `The daily backup into ${dir} failed: ${(error as Error).message}. It is tried again within an hour.`,
                );
            } finally {
                running = undefined;
            }
        })();
    };
    look();
    const timer = setInterval(look, checkEveryMs);
    timer.unref();
    return async () => {
        clearInterval(timer);
        await running;
    };
};
