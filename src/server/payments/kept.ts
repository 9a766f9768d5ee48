import type { OnlinePayment, PaymentLink } from '../../domain/types';
import { studioConfig } from '../rules/studio';
import type { Transaction } from '../storage/types';

/*
 * Money a provider took that could not be given back, as the studio's accountant records it: only what
 * was received, never what a link asked. A link that still takes the payment is paid by it (settle.ts
 * records that); otherwise the money is the customer's own, for staff to settle with them.
 */

/** How a payment that could not be given back is recorded. */
export type Kept =
    /** The link takes it: recorded as paying the link (the pass sold or paid, the fee paid). */
    | { as: 'link' }
    /** A payment of the customer's own in the ledger, nothing sold, the link left as it is. */
    | { as: 'own'; note: string }
    /** Received in another currency than the studio's: the ledger cannot hold it; staff see the attempt. */
    | { as: 'nothing' };

/** How the server's error line tells what became of a payment that could not be given back. */
export const keptWords: Record<Kept['as'], string> = {
    link: 'recorded as paid',
    own: "recorded as a payment of the customer's own (nothing sold)",
    nothing: "in another currency than the studio's, so not in the ledger",
};

/**
 * How an attempt the provider would not give back is kept: the payment of another amount than the link
 * asked (the attempt keeps the amount received) and one for a link already paid another way are the
 * customer's own; any other pays the link, as its payer meant.
 */
export const howKept = async (
    tx: Transaction,
    attempt: OnlinePayment,
    link: PaymentLink,
    paid: string,
): Promise<Kept> => {
    if ((await studioConfig(tx)).currency !== attempt.currency) return { as: 'nothing' };
    if (attempt.reason === 'amount_differs')
        return {
            as: 'own',
            note: `${paid}: ${attempt.amount} ${attempt.currency} was paid instead of the ${link.amount} the link asked, and could not be given back`,
        };
    if (link.status === 'paid')
        return { as: 'own', note: `${paid}: the link was paid already, and the payment could not be given back` };
    return { as: 'link' };
};

/** The money kept as a payment of the customer's own: online, for the link, nothing sold with it. */
export const recordOwnPayment = async (
    tx: Transaction,
    attempt: OnlinePayment,
    link: PaymentLink,
    note: string,
    now: Date,
) =>
    (
        await tx.insert('payments', {
            customerId: attempt.customerId,
            kind: 'payment',
            amount: attempt.amount,
            method: 'online',
            passId: null,
            paidAt: now.toISOString(),
            penaltyId: null,
            createdBy: null,
            paymentLinkId: link.id,
            note,
        })
    ).id;
