import type { Identifier, Penalty } from '../../domain/types';
import type { Transaction } from '../storage/types';

/*
 * A penalty put right: when the mark it was decided by changes or goes, or its class is reopened, it ends
 * `reversed` (a status it moves forward to, never an edit back). Its mark then settles as any other mark:
 * a burned visit is given back. A fee already paid stays paid (the desk refunds it as any payment).
 */

/** Penalties still standing: a reversed one was a mistake and counts for nothing. */
export const standing = (penalty: Pick<Penalty, 'status'>) => penalty.status !== 'reversed';

/**
 * Ends a penalty as reversed, unless it was waived or reversed already (`detach`: its mark is being
 * deleted, so it no longer names it); answers whether it did.
 */
export const reversePenalty = async (tx: Transaction, id: Identifier, detach = false): Promise<boolean> => {
    const penalty = await tx.get('penalties', id);
    if (!penalty) return false;
    const ended = penalty.status !== 'waived' && penalty.status !== 'reversed';
    if (ended || detach)
        await tx.update('penalties', {
            ...penalty,
            status: ended ? 'reversed' : penalty.status,
            attendanceId: detach ? null : penalty.attendanceId,
        });
    return ended;
};
