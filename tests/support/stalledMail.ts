import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

/*
 * A mail server that hangs on the mails to some addresses: it takes their content and never answers,
 * so that a server process sending one stays in the middle of its send (nodemailer waits minutes for an
 * answer) and a test can stop that process mid-job. Mails to other addresses are taken as a mailbox
 * takes them (the same process's other sends go through).
 */

export interface StalledMailbox {
    url: string;
    /** The recipients of the mails it holds without answering, in order. */
    held: string[];
    /** The mails it took and answered. */
    mails: ParsedMail[];
    /** The mails taken to `address`. */
    to(address: string): ParsedMail[];
    /** Waits (30 s unless told) until it holds a mail to `to`. */
    waitFor(to: string, timeoutMs?: number): Promise<void>;
    stop(): Promise<void>;
}

const addressesOf = (mail: ParsedMail) =>
    [mail.to]
        .flat()
        .flatMap(to => to?.value ?? [])
        .map(value => value.address?.toLowerCase());

/** Hangs on the mails to `hangFor`. */
export const startStalledMailbox = async (hangFor: string[]): Promise<StalledMailbox> => {
    const hanging = new Set(hangFor.map(address => address.toLowerCase()));
    const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        disableReverseLookup: true,
        logger: false,
        // A stop ends the connections it holds at once.
        closeTimeout: 100,
        onData(stream, session, callback) {
            const recipients = session.envelope.rcptTo.map(rcpt => rcpt.address.toLowerCase());
            if (recipients.some(address => hanging.has(address))) {
                // Read, never answered.
                stream.resume();
                stream.on('end', () => mailbox.held.push(...recipients));
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
    const mailbox: StalledMailbox = {
        url: '',
        held: [],
        mails: [],
        to: address => mailbox.mails.filter(mail => addressesOf(mail).includes(address.toLowerCase())),
        waitFor: (to, timeoutMs = 30_000) =>
            vi.waitFor(
                () => {
                    if (!mailbox.held.includes(to.toLowerCase())) throw new Error(`no mail to ${to} held`);
                },
                { timeout: timeoutMs, interval: 50 },
            ),
        stop: () => new Promise(done => server.close(() => done())),
    };
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    mailbox.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    return mailbox;
};
