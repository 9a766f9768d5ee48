import type { Pass } from '../../src/domain/types';

/** An 8-visit pass for November 2026, not frozen, nothing used: override what a test is about. */
export const buildPass = (fields: Partial<Pass> = {}): Pass => ({
    id: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    customerId: 1,
    subscriptionId: 1,
    name: '8 занятий',
    price: 6000,
    visitsTotal: 8,
    visitsUsed: 0,
    directionIds: [],
    startsOn: '2026-11-01',
    endsOn: '2026-11-30',
    frozenFrom: null,
    frozenTo: null,
    cancelled: false,
    paymentId: null,
    ...fields,
});
