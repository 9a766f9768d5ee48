import type { Penalty, Subscription } from './types';

/*
 * The attendance policy's rules, apart from the server: what a late cancel or a no-show costs on a plan,
 * whether it is the customer's first offence in a rolling 30 days (forgiven, and told the next one
 * counts), and when a penalty applies unless staff waive it first.
 */

/** Days back in which an earlier offence makes this one count. */
const forgivenessDays = 30;

type Offence = Penalty['kind'];

/** What an offence costs on a plan: a visit, a fee of an amount, or nothing (null). */
export const penaltyRuleOf = (
    plan: Pick<Subscription, 'lateCancelPenalty' | 'noShowPenalty'> | undefined,
    offence: Offence,
): { action: Penalty['action']; amount: number | null } | null => {
    const rule = offence === 'late_cancel' ? plan?.lateCancelPenalty : plan?.noShowPenalty;
    if (!rule || rule.kind === 'none') return null;
    if (rule.kind === 'fee')
        return rule.amount != null && rule.amount > 0 ? { action: 'fee', amount: rule.amount } : null;
    return { action: 'visit', amount: null };
};

/**
 * Is an offence at `now` the customer's first in the last 30 days: none of their penalties was made
 * in that time (a forgiven one counts: it was the first).
 */
export const isFirstOffence = (earlier: Pick<Penalty, 'createdAt'>[], now: Date): boolean =>
    !earlier.some(penalty => now.getTime() - Date.parse(penalty.createdAt) < forgivenessDays * 86_400_000);

/** When a penalty applies: the later of the class's end and its making, plus the hours staff have to waive it. */
export const appliesAtOf = (classEnd: Date, now: Date, delayHours: number): string =>
    new Date(Math.max(classEnd.getTime(), now.getTime()) + delayHours * 3_600_000).toISOString();

/** Is a penalty a fee owed: applied, and not paid yet (the desk, a payment link and the card all ask this). */
export const feeOwed = (penalty: Pick<Penalty, 'status' | 'action' | 'paymentId'>): boolean =>
    penalty.status === 'applied' && penalty.action === 'fee' && penalty.paymentId == null;
