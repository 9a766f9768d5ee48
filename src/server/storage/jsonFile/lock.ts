import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, readlinkSync, renameSync, statSync } from 'node:fs';
import { unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import { DatabaseFileError, fileProblem, fsyncDirectory } from './files';

/*
 * One server process per database file. Two would hand out the same ids, and the second's start would
 * replay and then empty the first's journal: acknowledged writes lost. So before anything else the
 * db.json engine takes DB_FILE.lock, made atomically (it exists or it does not), holding who took it.
 * Its holder touches it every few seconds; one left untouched for 30 s belongs to a server that is gone
 * (a crash, a lost machine) and is taken over, and so is one of a process that no longer exists on this
 * very machine. A live holder, even in another container on a shared disk, keeps it.
 */

const lockStaleMs = 30_000;
const refreshMs = 5_000;

interface Holder {
    pid: number;
    host: string;
    /** This machine and its process namespace: a pid means the same process only where this is the same. */
    machine: string;
    since: string;
    token: string;
}

const readOr = (read: () => string): string => {
    try {
        return read().trim();
    } catch {
        return '';
    }
};

const thisMachine = [
    hostname(),
    readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    readOr(() => readlinkSync('/proc/self/ns/pid')),
].join('|');

const isAlive = (pid: number): boolean => {
    try {
        process.kill(pid, 0);
        return true;
    } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
};

const readHolder = (lockFile: string): { holder: Partial<Holder>; touchedMs: number } | undefined => {
    try {
        const touchedMs = statSync(lockFile).mtimeMs;
        let holder: Partial<Holder> = {};
        try {
            holder = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<Holder>;
        } catch {
            // Being written this very moment, or damaged: its age alone decides.
        }
        return { holder, touchedMs };
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
    }
};

const isStale = ({ holder, touchedMs }: { holder: Partial<Holder>; touchedMs: number }, now: number) =>
    now - touchedMs > lockStaleMs ||
    (holder.machine === thisMachine && typeof holder.pid === 'number' && !isAlive(holder.pid));

export class DatabaseLock {
    private timer: NodeJS.Timeout | undefined;

    private constructor(
        readonly file: string,
        private readonly holder: Holder,
    ) {}

    /** Takes the lock of `file`, or refuses with a line naming the server that holds it. */
    static take(file: string, onLost: (message: string) => void): DatabaseLock {
        const lockFile = `${file}.lock`;
        const holder: Holder = {
            pid: process.pid,
            host: hostname(),
            machine: thisMachine,
            since: new Date().toISOString(),
            token: randomBytes(12).toString('hex'),
        };
        try {
            for (let attempt = 0; attempt < 5; attempt++) {
                if (DatabaseLock.create(lockFile, holder)) {
                    const lock = new DatabaseLock(lockFile, holder);
                    lock.keep(onLost);
                    return lock;
                }
                const found = readHolder(lockFile);
                if (!found) continue;
                if (!isStale(found, Date.now())) {
                    const { pid, host, since } = found.holder;
                    throw new DatabaseFileError(
                        `${basename(file)} is in use by process ${pid ?? '?'} on host ${host ?? '?'} since ${since ?? new Date(found.touchedMs).toISOString()}: stop that server first (deploys are stop-then-start), or point DB_FILE at another file.`,
                    );
                }
                DatabaseLock.setAside(lockFile, found.holder.token);
            }
        } catch (error) {
            if (error instanceof DatabaseFileError) throw error;
            throw fileProblem(error, file, 'lock the database file');
        }
        throw new DatabaseFileError(`Could not lock ${file}: other servers keep starting on it.`);
    }

    /** Makes the lock file, unless one is there. */
    private static create(lockFile: string, holder: Holder): boolean {
        let fd: number;
        try {
            fd = openSync(lockFile, 'wx', 0o600);
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
            throw error;
        }
        try {
            writeSync(fd, JSON.stringify(holder));
            fsyncSync(fd);
        } catch (error) {
            closeSync(fd);
            unlinkSync(lockFile);
            throw error;
        }
        closeSync(fd);
        fsyncDirectory(lockFile);
        return true;
    }

    /**
     * Moves a stale lock out of the way by renaming it, which only one of two starting servers can do.
     * Should the file renamed turn out to be another's fresh lock (it took the stale one over a moment
     * before), it is put back.
     */
    private static setAside(lockFile: string, staleToken: string | undefined) {
        const aside = `${lockFile}.${process.pid}.stale`;
        try {
            renameSync(lockFile, aside);
        } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
            throw error;
        }
        const moved = readHolder(aside);
        if (moved && moved.holder.token !== staleToken && !isStale(moved, Date.now())) {
            try {
                linkSync(aside, lockFile);
            } catch {
                // A third server made a lock meanwhile: that one stands.
            }
        }
        unlinkSync(aside);
    }

    /** Touches the lock while the server runs; a lock found to be another's means this server must stop writing. */
    private keep(onLost: (message: string) => void) {
        this.timer = setInterval(() => {
            const found = readOr(() => readFileSync(this.file, 'utf8'));
            if (found && !found.includes(this.holder.token)) {
                clearInterval(this.timer);
                onLost(
                    `${this.file} was taken over by another server (this one was not heard from for ${lockStaleMs / 1000} s): this server stops writing.`,
                );
                return;
            }
            try {
                if (found) utimesSync(this.file, new Date(), new Date());
                else DatabaseLock.create(this.file, this.holder);
            } catch {
                // Tried again at the next tick; the lock goes stale only after many missed ones.
            }
        }, refreshMs);
        this.timer.unref();
    }

    release() {
        clearInterval(this.timer);
        if (readOr(() => readFileSync(this.file, 'utf8')).includes(this.holder.token)) {
            try {
                unlinkSync(this.file);
            } catch {
                // Gone already.
            }
        }
    }
}
