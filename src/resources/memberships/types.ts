import type { StoredRecordOf } from '../../domain/types';

/*
 * The records the memberships' screens read, as the API answers them (src/server/memberships): a
 * membership of the list with the names and amounts the server adds, its charges, and the cards saved.
 */

export type Membership = StoredRecordOf<'memberships'>;
export type Charge = StoredRecordOf<'charges'>;

/** A membership as GET /api/memberships lists it. */
export type ListedMembership = Membership & {
    customerName: string | null;
    payerName: string | null;
    planName: string | null;
    /** The consented price of the current period, and of the next one charged (null when none is). */
    currentPrice: number;
    nextAmount: number | null;
    cardTitle: string | null;
};
