import { afterAll, beforeAll } from 'vitest';
import { removeDir, startServer, type RunningServer } from './server';
import { startMailbox, type Mailbox } from './smtp';

/*
 * A test file's server in its process over a database the test prepared, with the clock the test moves,
 * sending its mail to a real SMTP server of its own: both start before the file's first test and stop
 * after its last. Read `server` and `mailbox` inside tests.
 */
export const serverWithMail = (db: object, env: Record<string, string>, clock: () => Date) => {
    const served = {} as { server: RunningServer; mailbox: Mailbox };
    beforeAll(async () => {
        served.mailbox = await startMailbox();
        served.server = await startServer({
            db,
            env: {
                SMTP_URL: served.mailbox.url,
                MAIL_FROM: 'Studio <studio@example.test>',
                MESSAGES_EVERY_MS: '50',
                ...env,
            },
            clock,
        });
    });
    afterAll(async () => {
        await served.server?.stop();
        if (served.server) removeDir(served.server.dir);
        await served.mailbox?.stop();
    });
    return served;
};
