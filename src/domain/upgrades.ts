import { payRate, type PayRate } from './pay';

/*
 * Records written by an earlier version of the product, brought to the current shape when a database
 * is opened or imported, so that every rule reads one shape:
 * - a user's pay was one rule, { kind, amount }; it is now a list of dated rates, and the old rule is
 *   the first of them, from the beginning, so every past class pays as it did;
 * - a payment link sold a plan, and only that: a link without a purpose is a `sale`.
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
    if (Array.isArray(values.paymentLinks)) {
        values.paymentLinks = values.paymentLinks.map((link: Record<string, unknown>) => {
            if (!link || link.purpose !== undefined) return link;
            upgraded++;
            return { ...link, purpose: 'sale' };
        });
    }
    return upgraded;
};
