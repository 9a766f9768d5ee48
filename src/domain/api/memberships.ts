import type { MembershipPrice } from '../memberships';
import type { PaymentLink, StoredRecordOf } from '../types';

/*
 * Memberships that renew by themselves: what their endpoints take and answer, for the staff app
 * (/api/memberships), the customers' portal (/api/portal/memberships, /api/portal/payment-methods) and
 * the public payment page of a link that starts one. The server builds these answers; the screens read
 * them from here.
 */

/** A membership as the server keeps it (memberships have no hidden fields). */
export type Membership = StoredRecordOf<'memberships'>;
/** A saved card as answered: its token and the payer's key at the provider are never answered. */
export type PaymentMethod = Omit<StoredRecordOf<'paymentMethods'>, 'token' | 'payerKey'>;
/** One renewal asked of the provider. */
export type Charge = StoredRecordOf<'charges'>;

// Staff: /api/memberships.

/** POST /api/memberships: who attends, the plan (one that renews), and who pays when not the default. */
export interface StartMembershipRequest {
    customerId: number;
    subscriptionId: number;
    /** Empty: the guardian of a ward, else the customer. */
    payerId?: number | null;
}

/** POST /api/memberships (201): the payment link of the first period, purpose `membership`. */
export type StartMembershipAnswer = PaymentLink;

/** GET /api/memberships: each record with the names and amounts the list shows. */
export interface MembershipListRecord extends Membership {
    customerName: string;
    payerName: string;
    planName: string;
    /** The consented price of the current period. */
    currentPrice: number;
    /** What nextChargeAt charges (the next period's price); null when nothing more is charged. */
    nextAmount: number | null;
    /** The saved card's title, "Visa •• 4242"; null without one. */
    cardTitle: string | null;
}

/** POST /api/memberships/:id/cancel and /resume: the membership as changed. */
export type MembershipChangeAnswer = Membership;

/** GET /api/memberships/summary: the dashboard's figures. */
export interface MembershipSummary {
    /** Monthly recurring revenue: the current price of active and past-due memberships not set to end. */
    mrr: number;
    /** Memberships whose renewal was declined and is being tried again. */
    pastDue: number;
    /** Charges planned within the next 7 days: how many, and their total. */
    dueIn7Days: { count: number; amount: number };
}

// The terms a payer agrees to, shown by the public payment page and by /my before the consent box.

export interface MembershipTerms {
    planName: string;
    currency: string;
    /** The consented price schedule: `amount` from period `fromPeriod` (1 is the first). */
    prices: MembershipPrice[];
    /** The first period if paid today: periodEnd is the next period's first day and its charge day. */
    firstPeriod: { periodStart: string; periodEnd: string };
    /** The day of the month each next period is charged (10:00 studio time). */
    chargeDay: number;
    /** The studio's public offer, when it has one. */
    offerUrl: string | null;
    /** The words of the autopay consent, as recorded when the box is ticked, in the payer's language. */
    consentText: string;
}

/** GET /api/public/payment-links/:id: the `membership` part of a link that starts a membership. */
export type PublicMembershipTerms = Omit<MembershipTerms, 'planName'>;

// The portal: /api/portal/memberships and /api/portal/payment-methods.

/** GET /api/portal/memberships: the memberships the signed-in customer pays for or attends (wards included). */
export interface PortalMembership {
    id: number;
    customerId: number;
    customerName: string;
    planName: string;
    status: Membership['status'];
    period: number;
    periodStart: string;
    periodEnd: string;
    nextChargeAt: string | null;
    nextAmount: number | null;
    cancelAtPeriodEnd: boolean;
    endReason: Membership['endReason'];
    /** The signed-in customer pays it: only the payer cancels, resumes or removes its card. */
    isPayer: boolean;
    card: { id: number; title: string; expiresOn: string | null; status: PaymentMethod['status'] } | null;
    /** A new price staff proposed, waiting for the payer to accept it (POST .../price/accept) before its period. */
    priceChange?: { amount: number; fromPeriod: number; startsOn: string } | null;
}

/** POST /api/memberships/:id/price (staff): a new price from a period at least 30 days ahead; answers the membership. */
export interface MembershipPriceRequest {
    amount: number;
    fromPeriod: number;
}

/** GET /api/portal/memberships/terms?subscriptionId=&customerId=: the terms before the consent box. */
export type PortalMembershipTerms = MembershipTerms;

/** POST /api/portal/memberships: the plan, whom for (oneself or a ward), and the ticked box. */
export interface PortalStartMembershipRequest {
    subscriptionId: number;
    customerId?: number;
    consent: true;
}

/** POST /api/portal/memberships (201): the provider's page where the first period is paid. */
export interface PortalStartMembershipAnswer {
    confirmationUrl: string;
}

/** GET /api/portal/memberships/:id/card (its payer): what changing the card pays now, and the consent's words. */
export interface PortalCardChangeTerms {
    amount: number;
    currency: string;
    consentText: string;
}

/** POST /api/portal/memberships/:id/card {consent: true}: the provider's page where the next period is paid with the new card. */
export interface PortalChangeCardAnswer {
    confirmationUrl: string;
}

/** DELETE /api/portal/payment-methods/:id: the card is removed; nothing more is charged to it. */
export interface RemovedPaymentMethod {
    removed: true;
}
