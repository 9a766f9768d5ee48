import type { WriteRules } from './types';

/** A payment records who took it; when it was paid defaults to now. */
export const paymentRules: WriteRules = {
    create: async (record, { user }) => ({ ...record, paidAt: record.paidAt ?? new Date().toISOString(), createdBy: user.id }),
};
