import type { Identifier, Penalty } from '../../domain/types';
import { conflict, notFound } from '../http/errors';
import { classFacts, queueMessage } from '../messages';
import type { Transaction } from '../storage/types';

/*
 * A pending penalty forgiven by staff (the regular stuck in traffic) before the job runner applies it:
 * who and why are kept on it, and the customer is told in the same write that it costs nothing after all,
 * as they were told it would cost (a penalty message, to their guardian for a ward, as their choices
 * allow). Only a pending one: an applied penalty is put right by a reversal, never by an edit.
 */

interface Waiver {
    id: Identifier;
    reason: string;
    decidedBy: Identifier;
    now: Date;
}

/** Waives the pending penalty `id` and queues its message; answers the penalty as waived. */
export const waivePenalty = async (tx: Transaction, { id, reason, decidedBy, now }: Waiver): Promise<Penalty> => {
    const penalty = await tx.get('penalties', id);
    if (!penalty) throw notFound(`penalties ${id} does not exist`);
    if (penalty.status !== 'pending')
        throw conflict(`This penalty is ${penalty.status}: only a pending one is waived`, {
            status: 'app.penalties.errors.not_pending',
        });
    const waived = await tx.update('penalties', {
        ...penalty,
        status: 'waived',
        decidedBy,
        decidedAt: now.toISOString(),
        reason,
    });
    const event = await tx.get('events', penalty.eventId);
    await queueMessage(tx, {
        customerId: penalty.customerId,
        kind: 'penalty',
        dedupeKey: `penalty-waived:${penalty.id}`,
        facts: {
            ...(event ? await classFacts(tx, event) : {}),
            penalty: {
                forgiven: false,
                waived: true,
                offence: penalty.kind,
                fee: penalty.action === 'fee' ? penalty.amount : null,
            },
        },
        now,
    });
    return waived;
};
