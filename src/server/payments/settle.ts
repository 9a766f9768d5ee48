import type { RefundInput } from '../../domain/money';
import type { OnlinePayment, Payment } from '../../domain/types';
import type { Reader, Transaction } from '../storage/types';
import type { Notice } from './provider';
import { settle, settlePayment } from './notices';
import { attemptOf, type Payments } from './operations';
import { reconcile, reconcileOpen } from './reconcile';
import { giveBack } from './refunds';
import { refundByStaff } from './staffRefunds';

/*
 * What an online payment becomes, exactly once. The provider's verified notice (or its answer when the
 * server asks) says a payment succeeded; one storage transaction then reads the attempt and its link and
 * either records the payment (the ledger entry, the pass sold or paid, the penalty's fee paid, the link
 * paid) or, when the link no longer asks for it (cancelled, expired, paid another way, edited), marks the
 * attempt for a refund, which goes to the provider after the commit. An attempt that has been settled is
 * never settled again: a notice that comes five times, or a notice and the payer's return at the same
 * moment, find it settled and change nothing (both engines run the transactions one after the other, or as
 * if they did).
 */

export type Settlement = ReturnType<typeof settlement>;

/** Settling the payments of one provider: notices, refunds, and the checks before a payment is taken. */
export const settlement = (payments: Payments) => ({
    settle: (notice: Notice) => settle(payments, notice),
    settlePayment: (notice: Extract<Notice, { kind: 'payment' }>) => settlePayment(payments, notice),
    giveBack: (attempt: OnlinePayment) => giveBack(payments, attempt),
    reconcile: (attempt: OnlinePayment) => reconcile(payments, attempt),
    reconcileOpen: () => reconcileOpen(payments),
    refundByStaff: (input: RefundInput, createdBy: number, check: (tx: Transaction) => Promise<Payment[]>) =>
        refundByStaff(payments, input, createdBy, check),
    attemptOf: (reader: Reader, attemptId: string) => attemptOf(payments, reader, attemptId),
});
