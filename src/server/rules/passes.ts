import type { WriteRules } from './types';

/**
 * What a pass is worth and how much of it is left: whose it is, what was sold and paid, its dates and
 * freeze, its visits and whether it was cancelled. Only the business endpoints move these (selling,
 * freezing and unfreezing within the plan's limit, a refund that cancels, the marks that charge a visit),
 * each under its own rule; a plain write keeps them as stored, as it does every field the server owns.
 */
const passTerms = [
    'customerId',
    'subscriptionId',
    'price',
    'visitsTotal',
    'visitsUsed',
    'startsOn',
    'endsOn',
    'frozenFrom',
    'frozenTo',
    'cancelled',
    'paymentId',
] as const;

/**
 * A pass made by a plain create is given, not sold (selling is POST /api/passes/sell, which records the
 * payment with it): it carries no payment and a price of 0, so that nothing can be refunded for it or
 * counted as earned from it, and it starts unused. A plain update changes its name and directions only.
 */
export const passRules: WriteRules = {
    create: async record => ({ ...record, price: 0, paymentId: null, visitsUsed: 0 }),
    update: async (record, before) => ({ ...record, ...Object.fromEntries(passTerms.map(field => [field, before[field]])) }),
};
