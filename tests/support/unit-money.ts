import { passForSale, MoneyRuleError } from '../../src/domain/money';
import type { Pass, Payment, Subscription } from '../../src/domain/types';

/*
 * Helpers for the unit tests of the money rules (tests/unit/money-*.test.ts): a plan and a pass sold from
 * it, ledger entries, and the rule a call breaks.
 */

export const buildPlan = (fields: Partial<Subscription> = {}): Subscription => ({
    id: 3,
    createdAt: '2026-07-26T06:30:00.000Z',
    name: '8 занятий',
    price: 5200,
    visits: 8,
    validityDays: 35,
    directionIds: [1],
    freezeDays: 7,
    trial: false,
    active: true,
    soldOnline: false,
    lateCancelPenalty: { kind: 'none', amount: null },
    noShowPenalty: { kind: 'none', amount: null },
    makeUps: false,
    autoRenew: false,
    ...fields,
});

export const buildPass = (fields: Partial<Pass> = {}): Pass => ({
    id: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...passForSale(buildPlan(), 5, '2026-11-01'),
    ...fields,
});

export const payment = (kind: Payment['kind'], amount: number, passId: number | null = 1) => ({ kind, amount, passId });

/** The message key of the rule a call breaks. */
export const refusal = (rule: () => unknown) => {
    try {
        rule();
    } catch (error) {
        if (error instanceof MoneyRuleError) return `${error.field}: ${error.key}`;
        throw error;
    }
    return 'allowed';
};
