import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConsentTexts } from '../../src/domain/consents';
import type { Database } from '../../src/domain/types';
import { queueMessage, sellingKinds } from '../../src/server/messages';
import { openStorage, type Storage } from '../../src/server/storage';
import { addCustomer, freshPhone } from '../support/factories';
import { withoutMemberships } from '../support/memberships';
import { demoDb, engine, postgresDatabaseFor } from '../support/server';

/*
 * Consents below HTTP, on both engines: a database whose customers consented before consents were
 * records brings each consentAt over once as a personal data consent (source `import`), and the outbox's
 * marketing gate: a kind that sells (made so for the test: no kind sells yet) goes only to a recipient
 * with an unrevoked marketing consent, a service message to anyone.
 */

const dir = mkdtempSync(join(tmpdir(), 'studio-consents-'));
const file = join(dir, 'db.json');
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const consentAt = '2026-10-01T09:30:00.000Z';
const older = addCustomer(db, { firstName: 'Olga', lastName: 'Older', phone: freshPhone(), locale: 'en', consentAt });
const never = addCustomer(db, {
    firstName: 'Nora',
    lastName: 'Never',
    phone: freshPhone(),
    email: 'nora@example.test',
});
const open = async () =>
    openStorage({
        file,
        watchIntervalMs: 0,
        ...(engine === 'postgres' && { databaseUrl: await postgresDatabaseFor(file) }),
    });

describe('consents kept', () => {
    let storage: Storage;
    beforeAll(async () => {
        // A database of the version before consents were records: no such collection (nor memberships,
        // which came later and keep their payers' consents).
        writeFileSync(file, JSON.stringify({ ...withoutMemberships(db), consents: undefined }));
        storage = await open();
    }, 120_000);
    afterAll(async () => {
        await storage?.close();
        rmSync(dir, { recursive: true, force: true });
    });

    it('bring an old consentAt over once, as a personal data consent of the default text', async () => {
        const brought = await storage.select('consents', { customerId: older.id });
        const config = (await storage.get('configs', 'general'))!;
        expect(brought).toEqual([
            expect.objectContaining({
                kind: 'personal_data',
                source: 'import',
                at: consentAt,
                textVersion: defaultConsentTexts.personal_data.version,
                text: defaultConsentTexts.personal_data.en.replaceAll('%{studio}', config.studioName),
                revokedAt: null,
            }),
        ]);
        const all = await storage.count('consents');
        expect(all).toBe(db.customers.filter(customer => customer.consentAt).length);
        if (engine === 'json') {
            // Opened again, the file brings nothing twice.
            await storage.close();
            storage = await open();
            expect(await storage.count('consents')).toBe(all);
        }
    });

    it('let a message that sells go only under an unrevoked marketing consent, a service message always', async () => {
        const selling = { ...sellingKinds, test: true };
        const now = new Date('2026-11-29T12:00:00.000Z');
        const queue = (dedupeKey: string, sells = selling) =>
            storage.transaction(tx => queueMessage(tx, { customerId: never.id, kind: 'test', dedupeKey, now }, sells));
        const sent = async (dedupeKey: string) => (await storage.select('messages', { dedupeKey }))[0];
        await queue('offer:before');
        expect(await sent('offer:before')).toMatchObject({ status: 'skipped', error: 'no_consent', channel: null });
        await queue('service:before', sellingKinds);
        expect(await sent('service:before')).toMatchObject({ status: 'queued', channel: 'email' });
        const consent = await storage.transaction(tx =>
            tx.insert('consents', {
                customerId: never.id,
                kind: 'marketing',
                textVersion: 1,
                text: 'yes',
                terms: null,
                at: now.toISOString(),
                source: 'portal',
                ip: null,
                revokedAt: null,
            }),
        );
        await queue('offer:consented');
        expect(await sent('offer:consented')).toMatchObject({ status: 'queued', channel: 'email' });
        await storage.transaction(tx => tx.update('consents', { ...consent, revokedAt: now.toISOString() }));
        await queue('offer:revoked');
        expect(await sent('offer:revoked')).toMatchObject({ status: 'skipped', error: 'no_consent' });
    });
});
