import type { WriteRules } from './types';

/**
 * Payments and refunds are a ledger: each is recorded once, by the business endpoint that moved the
 * money (selling a pass, a refund, paying a link), checked against the rest of the ledger there, and
 * never changed or deleted afterwards, by any role. A mistake is put right by a correction that points
 * at the entry and says by how much and why (or by a refund when money is given back), which leaves
 * every entry for the books.
 */
export const paymentRules: WriteRules = {
    refused: {
        create: 'Payments are recorded by selling a pass (POST /api/passes/sell) or paying a link, refunds by POST /api/payments/refund, corrections by POST /api/payments/{id}/correct',
        update: 'Payments, refunds and corrections cannot be changed: record a correction (POST /api/payments/{id}/correct) to put an entry right',
        delete: 'Payments, refunds and corrections cannot be deleted: record a correction (POST /api/payments/{id}/correct) to put an entry right',
    },
};
