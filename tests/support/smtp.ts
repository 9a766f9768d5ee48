import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

/*
 * A real SMTP server for the tests, on a port of its own: it takes every mail (read back with mailparser),
 * or, while `refusing`, answers each one with a temporary failure, as a mail server that is down for a
 * moment does; an address in `unknown` is refused for good, as one that does not exist. The server under test reaches it with SMTP_URL=smtp://127.0.0.1:<port>.
 */

export interface Mailbox {
    url: string;
    /** Every mail taken so far, in order. */
    mails: ParsedMail[];
    /** While true, each mail is refused with 451. */
    refusing: boolean;
    /** Addresses refused for good (550: no such mailbox). */
    unknown: Set<string>;
    /** Waits (10 s unless told) for a mail to `to` whose subject or text matches `pattern`, and answers it. */
    waitFor(to: string, pattern: RegExp, timeoutMs?: number): Promise<ParsedMail>;
    /** The mails sent to `to`. */
    to(address: string): ParsedMail[];
    stop(): Promise<void>;
}

const addressesOf = (mail: ParsedMail) =>
    [mail.to]
        .flat()
        .flatMap(to => to?.value ?? [])
        .map(value => value.address?.toLowerCase());

export const startMailbox = async (): Promise<Mailbox> => {
    const mailbox: Mailbox = {
        url: '',
        mails: [],
        refusing: false,
        unknown: new Set(),
        to: address => mailbox.mails.filter(mail => addressesOf(mail).includes(address.toLowerCase())),
        waitFor: (to, pattern, timeoutMs = 10_000) =>
            vi.waitFor(
                () => {
                    const mail = mailbox.to(to).find(found => pattern.test(`${found.subject}\n${found.text}`));
                    if (!mail) throw new Error(`no mail to ${to} matching ${pattern}`);
                    return mail;
                },
                { timeout: timeoutMs, interval: 50 },
            ),
        stop: () => new Promise(done => server.close(() => done())),
    };
    const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        // No reverse lookup of the sender's address: with no DNS at hand it only waits.
        disableReverseLookup: true,
        logger: false,
        onRcptTo(address, _session, callback) {
            if (mailbox.unknown.has(address.address.toLowerCase()))
                return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
            callback();
        },
        onData(stream, _session, callback) {
            if (mailbox.refusing) {
                stream.resume();
                stream.on('end', () =>
                    callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })),
                );
                return;
            }
            simpleParser(stream)
                .then(mail => {
                    mailbox.mails.push(mail);
                    callback();
                })
                .catch(callback);
        },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    mailbox.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    return mailbox;
};
