import type { WriteRules } from './types';

/** A pass starts unused; its visits move only with the marks that charge it. */
export const passRules: WriteRules = {
    create: async record => ({ ...record, visitsUsed: 0 }),
};
