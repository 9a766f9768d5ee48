import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantAt } from '../../src/domain/time';
import type { Database } from '../../src/domain/types';
import { addCustomer, freshPhone } from '../support/factories';
import { serverWithMail } from '../support/mailedServer';
import { portalClient } from '../support/portal';
import { demoDb } from '../support/server';

/*
 * Sign-in codes have a lane of their own in every server process, on both engines: someone is waiting
 * for the code, so it goes out within moments of its asking, whenever the job that sends the other
 * messages next looks (here once an hour: it looked at the start, before any code was asked).
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const nadia = addCustomer(db, {
    firstName: 'Nadia',
    lastName: 'Lane',
    phone: freshPhone(),
    email: 'nadia.lane@example.test',
    locale: 'en',
});

let now = new Date(instantAt('2031-07-15T12:00', 'Europe/Moscow'));
const served = serverWithMail(db, { MESSAGES_EVERY_MS: '3600000' }, () => now);
const { askCode, portal } = portalClient(
    () => served.server,
    () => served.mailbox,
    () => (now = new Date(now.getTime() + 61_000)),
);

describe('a sign-in code', () => {
    it('goes out at once though the job that sends the other messages looks only once an hour', async () => {
        const first = await askCode(nadia.email!, nadia.email!);
        expect(first).toMatch(/^\d{6}$/);
        // A second one, a minute later, goes the same way, and signs in.
        const second = await askCode(nadia.email!, nadia.email!);
        const verified = await portal('/auth/verify', undefined, {
            method: 'POST',
            json: { login: nadia.email, code: second },
        });
        expect(verified.status, verified.text).toBe(200);
        expect(served.mailbox.to(nadia.email!)).toHaveLength(2);
    });
});
