import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';

/*
 * Small file systems of the tests' own for the db.json engine's disk failures: a tmpfs a few megabytes
 * large, filled up with a filler file, and remounted read-only. Mounting needs root; elsewhere these
 * tests are skipped with a loud message.
 */

export const isRoot = process.getuid?.() === 0;

/** Root, and allowed to mount here (a container may forbid it). */
const canMount = (() => {
    if (!isRoot) return false;
    const probe = mkdtempSync(join(tmpdir(), 'studio-mount-probe-'));
    try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
        execFileSync('umount', [probe], { stdio: 'ignore' });
        return true;
    } catch {
        return false;
    } finally {
        rmSync(probe, { recursive: true, force: true });
    }
})();
if (!canMount)
    console.warn(
        `\n!!! ${isRoot ? 'mount is not allowed here' : 'Not running as root'}: the tests that mount a small tmpfs (a full disk, a read-only disk) are SKIPPED.\n`,
    );
/** it() for tests that mount a file system: skipped, loudly, when not root. */
export const itAsRoot = canMount ? it : it.skip;

export interface SmallDisk {
    dir: string;
    /** Fills the disk up to `leaveBytes` free. */
    fill: (leaveBytes: number) => void;
    /** Frees what `fill` took. */
    free: () => void;
    readOnly: () => void;
    unmount: () => void;
}

export const mountSmallDisk = (megabytes: number): SmallDisk => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', dir]);
    const filler = join(dir, 'filler');
    return {
        dir,
        fill: leaveBytes => {
            // The server under test may be writing its checkpoint meanwhile: a filler that no longer fits
            // is made again to what is free then.
            for (let attempt = 1; ; attempt++) {
                const { bavail, bsize } = statfsSync(dir);
                const size = Math.max(0, bavail * bsize - leaveBytes);
                try {
                    return writeFileSync(filler, Buffer.alloc(size));
                } catch (error) {
                    rmSync(filler, { force: true });
                    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC' || attempt === 5) throw error;
                }
            }
        },
        free: () => rmSync(filler, { force: true }),
        readOnly: () => execFileSync('mount', ['-o', 'remount,ro', dir]),
        unmount: () => {
            execFileSync('umount', ['-l', dir]);
            rmSync(dir, { recursive: true, force: true });
        },
    };
};
