import type { PublicMembershipTerms } from '../../domain/api/memberships';
import type { OnlinePayment, PaymentLink } from '../../domain/types';
import type { Reader, Transaction } from '../storage/types';
import type { ProviderName, SavedCard } from './provider';

/*
 * What paying a `membership` link asks of the memberships room, handed to this room where the server
 * is put together: the memberships room charges saved cards through this room's providers, so this room
 * never imports it.
 */

/** The ledger entry of an online payment, as recordOnlinePayment writes it. */
export interface OnlineEntry {
    amount: number;
    method: 'online';
    createdBy: null;
    paymentLinkId: string;
    note: string;
}

export interface MembershipSettling {
    attempt: OnlinePayment;
    link: PaymentLink;
    entry: OnlineEntry;
    provider: ProviderName;
    /** The card the provider saved with the payment; none: the membership cannot start. */
    savedCard: SavedCard | undefined;
    now: Date;
}

export interface MembershipLinks {
    /** The terms the public payment page shows beside its unticked box. */
    terms(reader: Reader, link: PaymentLink, now: Date): Promise<PublicMembershipTerms>;
    /** Records the payer's autopay consent to the link's terms, given on the public payment page. */
    consent(tx: Transaction, link: PaymentLink, now: Date, ip: string | null): Promise<unknown>;
    /** Records a membership link's verified payment, exactly once: the ledger entry, the pass and what else it starts. */
    settle(tx: Transaction, settling: MembershipSettling): Promise<{ paymentId: number; passId: number | null }>;
}
