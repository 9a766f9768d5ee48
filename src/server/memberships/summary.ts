import type { MembershipSummary } from '../../domain/api/memberships';
import { monthlyRecurringRevenue } from '../../domain/memberships';
import type { Reader } from '../storage/types';
import { runningStatuses } from './start';
import { nextAmountOf } from './views';

/*
 * The dashboard's figures of memberships: what they bring each month, how many are past due, and the
 * charges planned in the next 7 days with their total.
 */

const weekMs = 7 * 86_400_000;

export const membershipSummary = async (reader: Reader, now: Date): Promise<MembershipSummary> => {
    const running = await reader.select('memberships', { status: [...runningStatuses] });
    const until = now.getTime() + weekMs;
    const due = running.filter(
        one => one.nextChargeAt != null && Date.parse(one.nextChargeAt) <= until && !one.cancelAtPeriodEnd,
    );
    const amount = due.reduce((sum, one) => sum + (nextAmountOf(one) ?? 0), 0);
    return {
        mrr: monthlyRecurringRevenue(running),
        pastDue: running.filter(one => one.status === 'past_due').length,
        dueIn7Days: { count: due.length, amount: Math.round(amount * 100) / 100 },
    };
};
