import { collections } from '../../domain/collections';
import {
    confirmsErasure,
    erasedName,
    erasedStatus,
    erasedStatusRecord,
    erasedValue,
    erasedValues,
    isErased,
} from '../../domain/privacy';
import type { Customer, Identifier, StoredCustomer } from '../../domain/types';
import { badRequest, conflict, notFound } from '../http/errors';
import type { Actor } from '../../domain/audit';
import { addTask } from '../tasks';
import { queueMessage } from '../messages';
import { studioConfig } from '../rules/studio';
import type { Reader, Transaction } from '../storage/types';
import type { ErasureRequestAnswer } from '../../domain/api/privacy';
import { eraseBlocked, eraseBlockers } from './rules';

/*
 * Erasure: one transaction through its own write path (the audited update would copy every old value
 * into a new entry). Who the person was is cleared wherever it is kept: the card, the messages to them,
 * imports' stored values, online payments' receipt contacts, saved cards, the audit trail's values about
 * them and the entries they made in the portal. Money and visit records stay under the anonymous card,
 * as the tax law asks; one entry without values says who erased it and when.
 */

interface Erasing {
    id: Identifier;
    confirm: unknown;
    actor: Actor;
    now: Date;
}

const erasedStatusExists = async (tx: Transaction) =>
    (await tx.select('statuses', { name: 'customer', code: erasedStatus })).length > 0;

/** The card with nothing left of who they were: the anonymous name, no contacts, no sign-in, no chat. */
const anonymousCard = (customer: StoredCustomer, locale: 'en' | 'ru', now: Date): StoredCustomer => {
    const hidden = new Set(Object.keys(collections.customers.hidden));
    const kept = Object.fromEntries(Object.entries(customer).filter(([field]) => !hidden.has(field)));
    return {
        ...kept,
        ...erasedName(customer.id, locale),
        phone: null,
        email: null,
        birthDate: null,
        notes: null,
        source: null,
        notify: null,
        guardianId: null,
        status: erasedStatus,
        telegramLinked: false,
        erasedAt: now.toISOString(),
        // Every portal session of theirs ends: their tokens name the version before.
        portalVersion: (customer.portalVersion ?? 0) + 1,
    } as StoredCustomer;
};

/** Messages to them, and those to their guardian about their bookings: no subject or text left, none sent. */
const eraseMessages = async (tx: Transaction, customerId: Identifier) => {
    const bookings = await tx.select('bookings', { customerId });
    const messages = new Map(
        [
            ...(await tx.select('messages', { customerId })),
            ...(bookings.length ? await tx.select('messages', { bookingId: bookings.map(one => one.id) }) : []),
        ].map(message => [message.id, message]),
    );
    for (const message of messages.values()) {
        const { codeText: _code, ...rest } = message as typeof message & { codeText?: string | null };
        await tx.update('messages', {
            ...rest,
            subject: erasedValue,
            text: erasedValue,
            ...(message.status === 'queued' && { status: 'withdrawn' as const, leaseUntil: null }),
        });
    }
};

/** Values the studio's other records keep of them: receipts' contacts, saved cards, consents' addresses, imports. */
const eraseKeptValues = async (tx: Transaction, customerId: Identifier, now: Date) => {
    for (const payment of await tx.select('onlinePayments', { customerId }))
        if (payment.receiptContact !== null) await tx.update('onlinePayments', { ...payment, receiptContact: null });
    for (const method of await tx.select('paymentMethods', { customerId }))
        await tx.update('paymentMethods', {
            ...method,
            title: erasedValue,
            expiresOn: null,
            status: method.status === 'active' ? 'removed' : method.status,
            removedAt: method.removedAt ?? now.toISOString(),
            token: null,
            payerKey: null,
        } as typeof method);
    for (const consent of await tx.select('consents', { customerId }))
        if (consent.ip !== null || (consent.kind === 'marketing' && consent.revokedAt === null))
            await tx.update('consents', {
                ...consent,
                ip: null,
                revokedAt: consent.kind === 'marketing' ? (consent.revokedAt ?? now.toISOString()) : consent.revokedAt,
            });
    // A lead's name and phone are what it is (a lead has no anonymous form): the person's leads go.
    for (const lead of await tx.select('leads', { customerId })) await tx.remove('leads', lead.id);
    for (const task of await tx.select('tasks', { customerId }))
        await tx.update('tasks', {
            ...task,
            // What staff wrote by hand may name them; the rules' titles do not.
            title: task.source === 'manual' ? erasedValue : task.title,
            note: task.note ? erasedValue : task.note,
        });
    for (const made of await tx.select('imports', {})) {
        if (!touches(made, customerId)) continue;
        await tx.update('imports', { ...made, ...importWithout(made, customerId) } as typeof made);
        // The trail copied the import whole when it was made (and undone): those copies too.
        for (const entry of await tx.select('auditEntries', { collection: 'imports', recordId: String(made.id) }))
            await tx.update('auditEntries', {
                ...entry,
                before: entry.before && { ...entry.before, ...importWithout(entry.before, customerId) },
                after: entry.after && { ...entry.after, ...importWithout(entry.after, customerId) },
            });
    }
};

interface ImportLike {
    created?: unknown;
    updated?: unknown;
}
type Entry = { id: Identifier; collection?: string } & Record<string, unknown>;

const listOf = (value: unknown): Entry[] => (Array.isArray(value) ? (value as Entry[]) : []);
const isTheirs = (customerId: Identifier) => (entry: Entry) =>
    entry.id === customerId && (entry.collection ?? 'customers') === 'customers';

/** Whether an import made or changed this customer. */
const touches = (made: ImportLike, customerId: Identifier) =>
    listOf(made.created).some(isTheirs(customerId)) || listOf(made.updated).some(isTheirs(customerId));

/** An import's lists (as stored, or as the trail copied them) with this customer's values erased. */
const importWithout = (made: ImportLike, customerId: Identifier) => {
    const theirs = isTheirs(customerId);
    const erased = { erased: erasedValue };
    return {
        ...(Array.isArray(made.created) && {
            created: listOf(made.created).map(entry => (theirs(entry) ? { ...entry, values: erased } : entry)),
        }),
        ...(Array.isArray(made.updated) && {
            updated: listOf(made.updated).map(entry =>
                theirs(entry) ? { ...entry, before: erased, after: erased } : entry,
            ),
        }),
    };
};

/** The trail's entries about them, and those they made in the portal: their values read "[erased]". */
const eraseAudit = async (tx: Transaction, customerId: Identifier) => {
    const entries = new Map(
        [
            ...(await tx.select('auditEntries', { customerId })),
            ...(await tx.select('auditEntries', { byCustomerId: customerId })),
        ].map(entry => [entry.id, entry]),
    );
    for (const entry of entries.values())
        await tx.update('auditEntries', {
            ...entry,
            userName: entry.byCustomerId === customerId ? erasedValue : entry.userName,
            before: erasedValues(entry.collection, entry.before),
            after: erasedValues(entry.collection, entry.after),
        });
};

/** Erases the card's personal data, or refuses: unknown, erased already, something open, not confirmed. */
export const eraseCustomer = async (tx: Transaction, { id, confirm, actor, now }: Erasing): Promise<Customer> => {
    await tx.claim('customers', [id]);
    const customer = (await tx.get('customers', id)) as StoredCustomer | undefined;
    if (!customer) throw notFound(`customers ${id} does not exist`);
    if (isErased(customer))
        throw conflict("This customer's personal data was erased already", { status: 'app.privacy.erase.already' });
    const blockers = await eraseBlockers(tx, id, now);
    if (blockers.length) throw eraseBlocked(blockers);
    if (!confirmsErasure(confirm, customer.lastName))
        throw badRequest("Type the customer's last name to confirm", { confirm: 'app.privacy.erase.confirm_mismatch' });

    const config = await studioConfig(tx);
    if (!(await erasedStatusExists(tx))) await tx.insert('statuses', erasedStatusRecord);
    const erased = await tx.update('customers', anonymousCard(customer, config.defaultLocale, now));
    await eraseMessages(tx, id);
    await eraseKeptValues(tx, id, now);
    await eraseAudit(tx, id);
    // Their request from the portal, if they made one, is answered.
    for (const task of await tx.select('tasks', { customerId: id, source: 'erasure', status: 'open' }))
        await tx.update('tasks', { ...task, status: 'done', doneAt: now.toISOString(), doneBy: actor.userId });
    await tx.insert('auditEntries', {
        ...actor,
        byCustomerId: null,
        action: 'erase',
        collection: 'customers',
        recordId: String(id),
        customerId: id,
        passId: null,
        eventId: null,
        before: null,
        after: null,
        createdAt: now.toISOString(),
    });
    return erased;
};

/** The customer's request to erase that the admins have not answered yet, if any. */
export const openErasureRequest = async (
    reader: Reader,
    customerId: Identifier,
): Promise<ErasureRequestAnswer | null> => {
    const open = (await reader.select('tasks', { customerId, source: 'erasure', status: 'open' }))[0];
    return open ? { requestedAt: open.createdAt, dueAt: open.dueAt, taskId: open.id } : null;
};

const requestTitles = {
    en: 'Erase personal data on the customer’s request',
    ru: 'Удалить персональные данные по просьбе клиента',
};

/** Days the studio has to answer a request to erase. */
export const erasureAnswerDays = 30;

/**
 * The customer's request from the portal: a task for the admins, due in 30 days, and a message that it
 * was taken. Asked again while that task is open, the same request is answered.
 */
export const requestErasure = async (tx: Transaction, customer: Customer, now: Date): Promise<ErasureRequestAnswer> => {
    await tx.claim('customers', [customer.id]);
    const open = await openErasureRequest(tx, customer.id);
    if (open) return open;
    const dueAt = new Date(now.getTime() + erasureAnswerDays * 86_400_000);
    const { timezone, defaultLocale } = await studioConfig(tx);
    const task = await addTask(tx, {
        // In the studio's language, as the other rules' tasks are.
        title: requestTitles[defaultLocale],
        kind: 'other',
        customerId: customer.id,
        source: 'erasure',
        assigneeRole: 'admin',
        dueAt: dueAt.toISOString(),
        note: null,
    });
    await queueMessage(tx, {
        customerId: customer.id,
        kind: 'erasure_request',
        dedupeKey: `erasure_request:${customer.id}:${task.id}`,
        facts: { endsOn: dueAt.toLocaleDateString('en-CA', { timeZone: timezone }) },
        now,
    });
    return { requestedAt: task.createdAt, dueAt: task.dueAt, taskId: task.id };
};
