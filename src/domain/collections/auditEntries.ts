import { z } from 'zod';
import { id } from '../fields';
import { roles } from '../roles';
import { declare } from './declare';

/** `erase`: a customer's personal data erased (no values: the entry says who and when). */
export const auditActions = ['create', 'update', 'delete', 'erase'] as const;

const fieldValues = z.record(z.string(), z.unknown()).nullable();

/** An entry as stored. The ids it names are not references: the trail outlives the records it speaks of. */
export const auditEntrySchema = z.object({
    /** Who made the change: null for the public payment page and the server's own work. */
    userId: id.nullable(),
    /** The name they had then. */
    userName: z.string().nullable(),
    /** The customer who made the change in the portal (their own or a ward's), so that an erasure finds it. */
    byCustomerId: id.nullable().default(null),
    role: z.enum(roles).nullable(),
    /** The request that made it, as `POST /api/passes/sell`; null for the server's own work. */
    endpoint: z.string().nullable(),
    action: z.enum(auditActions),
    collection: z.string(),
    /** As text, since payment links have text ids. */
    recordId: z.string(),
    /** Whose history it belongs to besides the record's own: the customer, pass and class it concerns. */
    customerId: id.nullable(),
    passId: id.nullable(),
    eventId: id.nullable(),
    /** Created: null; changed: the fields that changed, as they were; deleted: the whole record. */
    before: fieldValues,
    /** Created: the whole record; changed: the fields that changed, as they became; deleted: null. */
    after: fieldValues,
});

export const auditEntries = declare({
    // Written only by the server, alongside each change; ids it names are not references, since the
    // trail outlives the records it speaks of.
    schema: auditEntrySchema,
    search: ['userName', 'endpoint', 'collection', 'recordId'],
    // The History panels of a customer, a pass and a class, and the trail's filters.
    indexed: ['customerId', 'passId', 'eventId', 'collection', 'recordId', 'userId', 'action', 'byCustomerId'],
    idKind: 'integer',
    addedLater: true,
});
