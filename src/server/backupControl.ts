import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pruneBackups, writeBackup } from './backups';
import type { Storage } from './storage/types';

/*
 * `npm run backup` through a running db.json server: a snapshot at once, for the holder of the key the
 * server wrote into DB_FILE.control. A backup is file mechanics: it is named and pruned by real time,
 * whatever the server's clock says.
 */

interface BackupControl {
    storage: Storage;
    controlKey: Buffer;
    backupDir: string;
    /** Days of backups kept (0: no pruning). */
    backupDays: number;
    log: Pick<Console, 'info' | 'error'>;
}

/** The handler of POST /api/control/backup. */
export const backupNowHandler =
    ({ storage, controlKey, backupDir, backupDays, log }: BackupControl) =>
    async (req: IncomingMessage, res: ServerResponse) => {
        const given = Buffer.from(String(req.headers['x-control-key'] ?? ''), 'hex');
        const answer = (status: number, body: object) => {
            res.writeHead(status, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify(body));
        };
        if (given.length !== controlKey.length || !timingSafeEqual(given, controlKey) || !storage.snapshot)
            return answer(403, { message: 'Not allowed' });
        try {
            const at = new Date();
            const file = await writeBackup(await storage.snapshot(), backupDir, at);
            pruneBackups(backupDir, at.getTime(), backupDays || Infinity);
            log.info(`Backed up the database into ${file} (asked by npm run backup).`);
            answer(200, { file });
        } catch (error) {
            log.error(`A backup into ${backupDir} failed: ${(error as Error).message}`);
            answer(500, { message: `The backup failed: ${(error as Error).message}` });
        }
    };
