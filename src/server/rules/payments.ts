import type { WriteRules } from './types';

/**
 * Payments and refunds are a ledger: each is recorded once, by the business endpoint that moved the
 * money (selling a pass, a refund, paying a link), checked against the rest of the ledger there, and
 * never changed or deleted afterwards, by any role. A mistake is put right by a refund, which leaves both
 * entries for the books.
 */
export const paymentRules: WriteRules = {
    refused: {
        create: 'Payments are recorded by selling a pass (POST /api/passes/sell) or paying a link, refunds by POST /api/payments/refund',
        update: 'Payments and refunds cannot be changed: record a refund (POST /api/payments/refund) to put a payment right',
        delete: 'Payments and refunds cannot be deleted: record a refund (POST /api/payments/refund) to put a payment right',
    },
};
