import type { Identifier, Payment } from './types';

/*
 * An entry of the money ledger (payments, refunds, corrections) as it is recorded: the server records
 * each one at the moment of the request, the demo generator at the moment of its story. Its fields in
 * the ledger's usual order, which the history shows them in.
 */

export type LedgerInput = Pick<Payment, 'customerId' | 'amount' | 'method' | 'passId' | 'createdBy'> & {
    kind?: Payment['kind'];
    paymentLinkId?: string | null;
    note?: string | null;
    correctsId?: Identifier;
};

/** The entry paid at `paidAt`: a payment unless another kind is named; a correction also names the entry it corrects. */
export const ledgerEntry = (entry: LedgerInput, paidAt: string): Omit<Payment, 'id' | 'createdAt'> => ({
    customerId: entry.customerId,
    kind: entry.kind ?? 'payment',
    amount: entry.amount,
    method: entry.method,
    passId: entry.passId,
    paymentLinkId: entry.paymentLinkId ?? null,
    paidAt,
    note: entry.note ?? null,
    ...(entry.correctsId !== undefined && { correctsId: entry.correctsId }),
    createdBy: entry.createdBy,
});
