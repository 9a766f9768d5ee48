/*
 * The mail server this server's messages go to during the bench: a real SMTP server in the bench's own
 * process that takes every mail and throws it away, counting it; paused, it holds each mail's answer
 * until it is resumed, as a slow mail server does.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface MailSink {
    url: string;
    /** Mails taken so far. */
    received: () => number;
    pause(): void;
    resume(): void;
    stop(): Promise<void>;
}

export const startMailSink = async (): Promise<MailSink> => {
    let received = 0;
    let held: (() => void)[] | null = null;
    const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        // No reverse lookup of the sender's address: with no DNS at hand it only waits.
        disableReverseLookup: true,
        logger: false,
        onData(stream, _session, callback) {
            stream.resume();
            stream.on('end', () => {
                const answer = () => {
                    received++;
                    callback();
                };
                if (held) held.push(answer);
                else answer();
            });
        },
    });
    // A server process stopped mid-message resets its connection: nothing for the sink to stop over.
    server.on('error', () => undefined);
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    return {
        url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
        received: () => received,
        pause: () => {
            held ??= [];
        },
        resume: () => {
            const waiting = held ?? [];
            held = null;
            waiting.forEach(answer => answer());
        },
        stop: () => new Promise(done => server.close(() => done())),
    };
};
