import { payRate, type PayRate } from './pay';

/*
 * Records written by an earlier version of the product, brought to the current shape when a database
 * is opened or imported, so that every rule reads one shape:
 * - a user's pay was one rule, { kind, amount }; it is now a list of dated rates, and the old rule is
 *   the first of them, from the beginning, so every past class pays as it did.
 */

const isLegacyPay = (pay: unknown): pay is Pick<PayRate, 'kind' | 'amount'> =>
    pay !== null && typeof pay === 'object' && !Array.isArray(pay);

/** Upgrades the records of a database's collections in place; answers how many it changed. */
export const upgradeDatabase = (values: Record<string, unknown>): number => {
    let upgraded = 0;
    if (Array.isArray(values.users)) {
        values.users = values.users.map((user: Record<string, unknown>) => {
            if (!user || !isLegacyPay(user.pay)) return user;
            upgraded++;
            return { ...user, pay: [payRate({ kind: user.pay.kind, amount: user.pay.amount })] };
        });
    }
    return upgraded;
};
