import { chargeTime, movedPeriod } from '../../domain/memberships';
import { addDays, daysBetween } from '../../domain/time';
import type { Pass } from '../../domain/types';
import type { RecordOf, Transaction } from '../storage/types';
import { studioConfig } from './studio';

/*
 * A membership's period moved by days its payer could not come: a freeze of its current pass, or a studio
 * closure. Its end and its next charge move by those days, the next period's held pass with them, and
 * a charge notice already sent is withdrawn (the memberships job sends a new one with the new date, and
 * the charge waits 24 hours after it is delivered). Here, outside the rooms, because freezing a pass
 * (the money and portal rooms) and the memberships job both move a period, in the writer's transaction.
 */

type Membership = RecordOf<'memberships'>;

/** Moves a running membership's period by `days` (fewer when negative); `pass`: its current pass moves too. */
export const moveMembershipPeriod = async (
    tx: Transaction,
    membership: Membership,
    days: number,
    changes: { currentPass: boolean; closuresApplied?: Membership['closuresApplied'] },
): Promise<Membership> => {
    const { timezone } = await studioConfig(tx);
    const { periodEnd, anchorDay } = movedPeriod(membership.periodEnd, days);
    const moveDates = (pass: Pass) => tx.update('passes', { ...pass, endsOn: addDays(pass.endsOn, days) });
    if (changes.currentPass && membership.passId != null) {
        const current = await tx.get('passes', membership.passId);
        if (current && !current.cancelled) await moveDates(current);
    }
    const held = membership.heldPassId == null ? undefined : await tx.get('passes', membership.heldPassId);
    if (held && !held.cancelled)
        await tx.update('passes', {
            ...held,
            startsOn: addDays(held.startsOn, days),
            endsOn: addDays(held.endsOn, days),
        });
    // A notice not sent yet names the old date: it never goes.
    const notice =
        membership.noticeMessageId == null ? undefined : await tx.get('messages', membership.noticeMessageId);
    if (notice?.status === 'queued') await tx.update('messages', { ...notice, status: 'withdrawn', leaseUntil: null });
    return tx.update('memberships', {
        ...membership,
        periodEnd,
        anchorDay,
        nextChargeAt: membership.nextChargeAt === null ? null : chargeTime(periodEnd, timezone),
        noticeMessageId: null,
        ...(changes.closuresApplied && { closuresApplied: changes.closuresApplied }),
    });
};

/**
 * After a freeze of a pass begun or ended early (`before` and `after` the change): when it is the current
 * pass of an active membership, the membership's period moves by the days its end moved. Call it in the
 * freeze's transaction, before the customer's seats re-pick their pass.
 */
export const followPassFreeze = async (tx: Transaction, before: Pass, after: Pass): Promise<void> => {
    if (after.membershipId == null || after.held) return;
    const days = daysBetween(before.endsOn, after.endsOn);
    if (days === 0) return;
    await tx.claim('memberships', [after.membershipId]);
    const membership = await tx.get('memberships', after.membershipId);
    if (!membership || membership.status !== 'active' || membership.passId !== after.id) return;
    await moveMembershipPeriod(tx, membership, days, { currentPass: false });
};
