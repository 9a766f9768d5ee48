import { balanceDue, passMoney } from '../../domain/money';
import type { Identifier, Pass } from '../../domain/types';
import type { Reader } from '../storage/types';
import type { ListFields, WriteRules } from '../rules/types';

/*
 * The write rules of the money's collections: the ledger (payments) is never written directly, and a
 * pass's terms move only through the money's operations; and what each pass shows beside its price.
 */

/**
 * Payments and refunds are a ledger: each is recorded once, by the business endpoint that moved the
 * money (selling a pass, a refund, paying a link), checked against the rest of the ledger there, and
 * never changed or deleted afterwards, by any role. A mistake is put right by a correction that points
 * at the entry and says by how much and why (or by a refund when money is given back), which leaves
 * every entry for the books.
 */
export const paymentRules: WriteRules<'payments'> = {
    refused: {
        create: 'Payments are recorded by selling a pass (POST /api/passes/sell) or paying a link, refunds by POST /api/payments/refund, corrections by POST /api/payments/{id}/correct',
        update: 'Payments, refunds and corrections cannot be changed: record a correction (POST /api/payments/{id}/correct) to put an entry right',
        delete: 'Payments, refunds and corrections cannot be deleted: record a correction (POST /api/payments/{id}/correct) to put an entry right',
    },
};

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
    'discountReason',
] as const;

/**
 * A pass made by a plain create is given, not sold (selling is POST /api/passes/sell, which records the
 * payment with it): it carries no payment and a price of 0, so that nothing can be refunded for it or
 * counted as earned from it, and it starts unused. A plain update changes its name and directions only.
 */
export const passRules: WriteRules<'passes'> = {
    create: async record => ({ ...record, price: 0, paymentId: null, visitsUsed: 0 }),
    update: async (record, before) => ({
        ...record,
        ...Object.fromEntries(passTerms.map(field => [field, before[field]])),
    }),
};

/** What was paid for each of `passes` and what is still due, from their ledger entries: one index read by passId. */
export const passBalances = async (
    passes: Pass[],
    reader: Reader,
): Promise<Map<Identifier, { paid: number; refunded: number; balanceDue: number }>> => {
    const entries = passes.length ? await reader.select('payments', { passId: passes.map(pass => pass.id) }) : [];
    const byPass = new Map<Identifier, typeof entries>();
    for (const entry of entries) {
        const own = byPass.get(entry.passId as Identifier);
        if (own) own.push(entry);
        else byPass.set(entry.passId as Identifier, [entry]);
    }
    return new Map(
        passes.map(pass => {
            const { paid, refunded } = passMoney(byPass.get(pass.id) ?? [], pass.id);
            return [pass.id, { paid, refunded, balanceDue: balanceDue(pass, paid) }];
        }),
    );
};

/** What is still due on a pass, from its own ledger entries (an index read by passId). */
export const dueOn = async (reader: Reader, pass: Pass): Promise<number> =>
    balanceDue(pass, passMoney(await reader.select('payments', { passId: pass.id }), pass.id).paid);

/**
 * What each pass of a page shows beside its price: what was paid for it and what is still due,
 * computed from the page's passes' payments. Read-only: the pass schema strips them from any write.
 */
export const passListFields: ListFields = async (page, reader) => {
    const balances = await passBalances(page as Pass[], reader);
    return record => balances.get(record.id as Identifier) ?? { paid: 0, refunded: 0, balanceDue: 0 };
};

/** The pass as lists answer it: with what was paid for it and what is still due. */
export const withBalance = async (reader: Reader, pass: Pass) => ({
    ...pass,
    ...(await passBalances([pass], reader)).get(pass.id),
});
