import type { z } from 'zod';
import type { auditActions, auditEntrySchema } from './schemas';
import { isStudioCollection } from './roles';
import type { CollectionName, Role } from './types';

/*
 * The audit trail: one entry for every record a change creates, changes or deletes, saying who, when,
 * through which endpoint, and the fields before and after. Entries are written by the server in the
 * same transaction as the change and never changed afterwards. Secrets never enter it: a password
 * change shows as a hidden value that changed.
 */

export { auditActions } from './schemas';
type AuditAction = (typeof auditActions)[number];

/** What a hidden field's values read as in the trail. */
export const hiddenValue = '[hidden]';

/** Fields whose values never enter the trail, by collection: the field it shows as instead of each. */
const hiddenFields: Partial<Record<string, Record<string, string>>> = {
    users: { passwordHash: 'password', password: 'password', revokedSessions: 'revokedSessions' },
    bookings: { cancelTokenHash: 'cancelLink' },
    // What charges a saved card, and the payer's key at the provider: never shown, even to admins.
    paymentMethods: { token: 'cardToken', payerKey: 'payerKey' },
    customers: {
        telegramChatId: 'telegramChat',
        telegramTokenHash: 'telegramLink',
        signInCode: 'signInCode',
        signInLinkHash: 'signInLink',
        portalRevoked: 'portalSessions',
        calendarToken: 'calendarFeed',
    },
};

type Values = Record<string, unknown>;

/** Who changes what, through which request. */
export interface Actor {
    userId: number | null;
    userName: string | null;
    /** The customer signed in to the portal who made it. */
    byCustomerId: number | null;
    role: Role | null;
    endpoint: string | null;
}

/** One record's change within a transaction: as it was before (null: new) and as it is after (null: deleted). */
export interface RecordChange {
    /** One of the studio's collections, or a developer's prototype collection. */
    collection: CollectionName | (string & {});
    before: Values | null;
    after: Values | null;
}

type NewAuditEntry = z.output<typeof auditEntrySchema>;

/**
 * The record as the trail may show it: hidden fields replaced by a marker under their public name, and
 * without its createdAt, which the entry's own time tells for a new record and the record keeps.
 */
const shown = (collection: string, record: Values): Values => {
    const hidden = hiddenFields[collection] ?? {};
    const copy: Values = {};
    for (const [field, value] of Object.entries(record)) {
        if (field === 'createdAt') continue;
        if (field in hidden) {
            if (value != null) copy[hidden[field]] = hiddenValue;
        } else copy[field] = value;
    }
    return copy;
};

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ, each as it was and as it became; a hidden field that changed shows as changed without its values. */
export const changedFields = (collection: string, before: Values, after: Values): { before: Values; after: Values } => {
    const hidden = hiddenFields[collection] ?? {};
    const was: Values = {};
    const became: Values = {};
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
        if (same(before[field], after[field])) continue;
        const name = hidden[field] ?? field;
        was[name] = field in hidden ? (before[field] == null ? null : hiddenValue) : (before[field] ?? null);
        became[name] = field in hidden ? (after[field] == null ? null : hiddenValue) : (after[field] ?? null);
    }
    return { before: was, after: became };
};

const idOf = (value: unknown): number | null =>
    typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** The customer, pass and class a record concerns, so that their History panels find its changes. */
export const subjectsOf = (
    collection: string,
    record: Values,
): Pick<NewAuditEntry, 'customerId' | 'passId' | 'eventId'> =>
    // A prototype's customerId is the developer's own field, not a studio customer's history.
    !isStudioCollection(collection)
        ? { customerId: null, passId: null, eventId: null }
        : {
              customerId: idOf(collection === 'customers' ? record.id : record.customerId),
              passId: idOf(collection === 'passes' ? record.id : record.passId),
              eventId: idOf(collection === 'events' ? record.id : record.eventId),
          };

/** The entry a record's change makes, or null when nothing changed (written and put back, or created and deleted). */
export const auditEntryFor = (change: RecordChange, actor: Actor): NewAuditEntry | null => {
    const { collection, before, after } = change;
    const record = after ?? before;
    // Deliveries and the runner's jobs are not changes anyone made: they keep their own account.
    if (!record || collection === 'messages' || collection === 'jobs') return null;
    let action: AuditAction;
    let values: { before: Values | null; after: Values | null };
    if (!before) {
        action = 'create';
        values = { before: null, after: shown(collection, after as Values) };
    } else if (!after) {
        action = 'delete';
        values = { before: shown(collection, before), after: null };
    } else {
        action = 'update';
        values = changedFields(collection, before, after);
        if (Object.keys(values.after as Values).length === 0) return null;
    }
    return {
        ...actor,
        action,
        collection,
        recordId: String(record.id),
        ...subjectsOf(collection, record),
        ...values,
    };
};

/** One field of an entry as shown: a change has both values, a created record only `after`, a deleted one only `before`. */
export interface FieldChange {
    field: string;
    before?: unknown;
    after?: unknown;
}

/** What a record is known by anyway: not worth a line of its history. */
const obvious = new Set(['id', 'createdAt']);

/** The fields an entry names, each with its values before and after, in the order stored; a created or deleted record's empty fields say nothing. */
export const fieldChanges = (entry: Pick<NewAuditEntry, 'action' | 'before' | 'after'>): FieldChange[] => {
    const { before, after } = entry;
    if (entry.action === 'update') {
        return Object.keys(after ?? before ?? {}).map(field => ({
            field,
            before: before?.[field] ?? null,
            after: after?.[field] ?? null,
        }));
    }
    const values = (entry.action === 'create' ? after : before) ?? {};
    return Object.entries(values)
        .filter(([field, value]) => !obvious.has(field) && value !== null && value !== '')
        .map(([field, value]) => (entry.action === 'create' ? { field, after: value } : { field, before: value }));
};
