import type { Identifier } from '../../domain/types';
import { conflict } from '../http/errors';
import type { Reader } from '../storage/types';

/*
 * A ward's guardian who pays a running membership of the ward stays the guardian while it runs: the
 * membership's consent, card and notices are theirs, so the link is not removed (nor moved to someone
 * else) under it. Cancelled, the membership still runs to its period's end; once ended the link changes.
 */

/** Refuses (409, naming the membership) taking the ward `wardId` from `guardianId` while that guardian pays for them. */
export const refuseGuardianPaying = async (
    reader: Reader,
    wardId: Identifier,
    guardianId: Identifier,
): Promise<void> => {
    const running = await reader.select('memberships', {
        customerId: wardId as number,
        payerId: guardianId as number,
        status: ['active', 'past_due'],
    });
    const [paid] = running;
    if (!paid) return;
    const plan = await reader.get('subscriptions', paid.subscriptionId);
    throw conflict(
        `The guardian pays the running membership ${paid.id} (${plan?.name ?? ''}) of this customer: cancel it and let it end first`,
        { guardianId: 'app.memberships.errors.guardian_pays' },
        { membership: { id: paid.id, planName: plan?.name ?? '' } },
    );
};
