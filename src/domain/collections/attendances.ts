import { z } from 'zod';
import { id, slug } from '../fields';
import { declare, ref } from './declare';

export const attendanceSchema = z.object({
    eventId: id,
    customerId: id,
    status: slug,
});

export const attendances = declare({
    schema: attendanceSchema,
    /*
     * Which pass the visit was charged to, whether it was, whether it is owed, and who marked it (null:
     * the server, applying a penalty); the penalty whose mark it is, which charges only once applied.
     */
    server: {
        passId: id.nullable(),
        charged: z.boolean(),
        unpaid: z.boolean(),
        markedBy: id.nullable(),
        penaltyId: id.nullish(),
    },
    sometimes: ['penaltyId'],
    references: [
        ref('eventId', 'events'),
        ref('customerId', 'customers'),
        { field: 'status', collection: 'statuses', statusList: 'attendance' },
        ref('passId', 'passes'),
        ref('markedBy', 'users'),
        ref('penaltyId', 'penalties'),
    ],
    unique: [['eventId', 'customerId']],
    indexed: ['unpaid'],
    idKind: 'integer',
});
