import { daysBetween } from '../../domain/time';
import type { Config } from '../../domain/types';
import { moveMembershipPeriod } from '../rules/membershipPeriods';
import { studioConfig } from '../rules/studio';
import type { RecordOf, Storage } from '../storage/types';

/*
 * The studio's closures (holidays, set on the settings page) lengthen the period they fall in. The rule:
 * a closure counts once per membership, in the period of an active membership in which it begins, by all
 * its days; since the period grows by those days, the closure also ends within it. The membership keeps
 * the closures it counted, so a closure set while its period runs counts at the job's next run, and a
 * closure that began before the membership started, or ended or cancelled, never counts.
 */

type Membership = RecordOf<'memberships'>;
type Closure = Config['closures'][number];

const counted = (membership: Membership, closure: Closure) =>
    (membership.closuresApplied ?? []).some(one => one.from === closure.from && one.to === closure.to);

/** The closures that begin in the membership's current period and it has not counted yet. */
export const closuresDue = (membership: Membership, closures: readonly Closure[]): Closure[] =>
    membership.status !== 'active'
        ? []
        : closures.filter(
              closure =>
                  closure.from >= membership.periodStart &&
                  closure.from < membership.periodEnd &&
                  !counted(membership, closure),
          );

/**
 * Counts the closures due to the membership, under the claim of its row: its period, current and held
 * passes and next charge move by their days, a notice sent is withdrawn. Answers the membership as stored.
 */
export const applyClosures = (storage: Storage, id: number): Promise<Membership | undefined> =>
    storage.transaction(
        async tx => {
            await tx.claim('memberships', [id]);
            let membership = await tx.get('memberships', id);
            const { closures } = await studioConfig(tx);
            // A period grown by one closure may now hold the beginning of the next one.
            for (let due = membership ? closuresDue(membership, closures) : []; membership && due.length;) {
                const days = due.reduce((sum, closure) => sum + daysBetween(closure.from, closure.to) + 1, 0);
                membership = await moveMembershipPeriod(tx, membership, days, {
                    currentPass: true,
                    closuresApplied: [...(membership.closuresApplied ?? []), ...due],
                });
                due = closuresDue(membership, closures);
            }
            return membership;
        },
        { claimed: true },
    );
