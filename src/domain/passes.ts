import type { Identifier, Pass } from './types';

/** What a pass is on a date: derived from its fields, never stored. */
export type PassState = 'active' | 'frozen' | 'expired' | 'used_up' | 'cancelled' | 'not_started';

type PassFacts = Pick<
    Pass,
    'cancelled' | 'startsOn' | 'endsOn' | 'frozenFrom' | 'frozenTo' | 'visitsTotal' | 'visitsUsed'
>;

/** Visits left, or null for an unlimited pass. */
export const visitsLeft = (pass: Pick<Pass, 'visitsTotal' | 'visitsUsed'>): number | null =>
    pass.visitsTotal === null ? null : Math.max(0, pass.visitsTotal - pass.visitsUsed);

export const isFrozenOn = (pass: Pick<Pass, 'frozenFrom' | 'frozenTo'>, date: string): boolean =>
    !!pass.frozenFrom && !!pass.frozenTo && pass.frozenFrom <= date && date <= pass.frozenTo;

/**
 * The state shown for a pass on a date. Cancelled wins over everything; then a pass not yet started,
 * past its end, without visits left, or inside its freeze; otherwise it is active.
 */
export const passStateOn = (pass: PassFacts, date: string): PassState => {
    if (pass.cancelled) return 'cancelled';
    if (date < pass.startsOn) return 'not_started';
    if (date > pass.endsOn) return 'expired';
    if (visitsLeft(pass) === 0) return 'used_up';
    if (isFrozenOn(pass, date)) return 'frozen';
    return 'active';
};

export const isActiveOn = (pass: PassFacts, date: string): boolean => passStateOn(pass, date) === 'active';

/** A pass covers a direction when its directions include it, or when it has none (every direction). */
export const coversDirection = (pass: Pick<Pass, 'directionIds'>, directionId: Identifier): boolean =>
    pass.directionIds.length === 0 || pass.directionIds.includes(directionId);

/**
 * The pass a visit on `date` to a class of `directionId` is charged to: active that day, covering the
 * direction, the one ending soonest first (then the older one), so that nothing expires unused while
 * a longer pass is spent.
 */
export const passToCharge = <P extends PassFacts & Pick<Pass, 'id' | 'directionIds'>>(
    passes: P[],
    date: string,
    directionId: Identifier,
): P | undefined =>
    passes
        .filter(pass => isActiveOn(pass, date) && coversDirection(pass, directionId))
        .sort((a, b) => a.endsOn.localeCompare(b.endsOn) || a.id - b.id)[0];

/** Why a visit could not be charged to a pass: a debt stays a debt for one of these. */
export type NoChargeReason = 'no_covering_pass' | 'pass_frozen' | 'no_visits_left';

/** A pass that could pay for a visit on `date` to `directionId` but for a freeze or its visits: in its dates, covering the direction, not cancelled. */
const coversVisit = (pass: PassFacts & Pick<Pass, 'directionIds'>, date: string, directionId: Identifier): boolean =>
    !pass.cancelled && pass.startsOn <= date && date <= pass.endsOn && coversDirection(pass, directionId);

/**
 * Why `pass` cannot be charged for a visit on `date` to a class of `directionId`, or null when it can:
 * one that does not cover the visit (dates, direction, cancelled), one frozen that day, one used up.
 */
export const whyNotCharged = (
    pass: PassFacts & Pick<Pass, 'directionIds'>,
    date: string,
    directionId: Identifier,
): NoChargeReason | null => {
    if (!coversVisit(pass, date, directionId)) return 'no_covering_pass';
    if (isFrozenOn(pass, date)) return 'pass_frozen';
    if (visitsLeft(pass) === 0) return 'no_visits_left';
    return null;
};

/**
 * Why none of `passes` can be charged for the visit: the reason of the pass nearest to paying for it
 * (a frozen one before a used-up one), so that staff learn what to do (unfreeze, sell a new pass).
 */
export const whyNoneCharged = (
    passes: (PassFacts & Pick<Pass, 'directionIds'>)[],
    date: string,
    directionId: Identifier,
): NoChargeReason => {
    const reasons = new Set(passes.map(pass => whyNotCharged(pass, date, directionId)));
    if (reasons.has('pass_frozen')) return 'pass_frozen';
    if (reasons.has('no_visits_left')) return 'no_visits_left';
    return 'no_covering_pass';
};

/** The pass frozen on `date` that would otherwise pay for a visit to `directionId`: the roster names its freeze. */
export const frozenPassOn = <P extends PassFacts & Pick<Pass, 'id' | 'directionIds'>>(
    passes: P[],
    date: string,
    directionId: Identifier,
): P | undefined =>
    passes
        .filter(pass => whyNotCharged(pass, date, directionId) === 'pass_frozen')
        .sort((a, b) => a.endsOn.localeCompare(b.endsOn) || a.id - b.id)[0];
