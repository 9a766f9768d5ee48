import type { PaymentLink } from '../types';
import type { PublicMembershipTerms } from './memberships';
import type { LinkStatus } from '../money';

/*
 * The API without sign-in (/api/public), for pages customers open from a link: a payment link, a
 * reminder's cancel link, and the built-in test provider's checkout. Each answer holds what its page
 * needs and nothing else about the customer or the studio.
 */

// The payment link: /api/public/payment-links/:id.

/** GET /payment-links/:id?attempt=: the link, and how the payer's attempt named by the return page went. */
export interface PublicLink {
    status: LinkStatus;
    studioName: string;
    /**
     * `sale`: the plan is sold; `balance`: the rest of the pass `passName` is paid; `fee`: a penalty's fee;
     * `membership`: the first period of a membership, the card saved on the terms shown.
     */
    purpose: PaymentLink['purpose'];
    planName: string;
    passName: string | null;
    /** A fee's penalty: a late cancel or a no-show, of the class (its title, and its start in the studio's time). */
    penalty: { kind: 'late_cancel' | 'no_show'; title: string | null; startsAt: string | null } | null;
    amount: number;
    currency: string;
    description: string | null;
    expiresAt: string;
    /** The studio's time zone, in which the expiry is shown. */
    timezone: string;
    /** The payer's first name: the customer's, or a child's guardian's who pays for them. */
    firstName: string;
    /** Whom a guardian pays for: the child's name; null when the customer pays for themselves. */
    forName?: string | null;
    locale: 'en' | 'ru';
    /**
     * `test`: the test provider takes no money; `live`: a real provider takes it; `off`: no provider is
     * chosen, so it cannot be paid online.
     */
    payments: 'test' | 'live' | 'off';
    /** The receipt has nowhere to go (the customer has neither e-mail nor phone): the page asks for an e-mail. */
    contactNeeded: boolean;
    /**
     * A `membership` link's terms, shown beside the page's unticked box: the amounts from which period, the
     * day of each charge, the first period, the studio's public offer and the consent's words. Null otherwise.
     */
    membership: PublicMembershipTerms | null;
    /** The payer's attempt the return page names: how it went on the provider's page. */
    attempt: {
        id: string;
        status:
            'creating' | 'pending' | 'succeeded' | 'declined' | 'failed' | 'refunding' | 'refunded' | 'refund_failed';
        reason: string | null;
    } | null;
}

/** POST /payment-links/:id/pay: where the receipt goes, typed by a payer the studio has no contact of. */
export interface PayLinkRequest {
    email?: string;
    /** The box ticked to agree to the charges: required to pay a `membership` link. */
    consent?: boolean;
}

/** POST /payment-links/:id/pay: the payer's attempt and the provider's page to send them to. */
export interface PayLinkAnswer {
    attemptId: string;
    confirmationUrl: string;
}

// A reminder's cancel link: /api/public/bookings/:token.

/** GET /bookings/:token, and POST /bookings/:token/cancel once the customer confirmed: the booking. */
export interface PublicBooking {
    studioName: string;
    firstName: string;
    /** The customer's language, or the studio's. */
    locale: 'en' | 'ru';
    className: string;
    /** The studio's wall clock, `YYYY-MM-DDTHH:mm`. */
    startsAt: string;
    status: 'booked' | 'waitlisted' | 'cancelled' | 'expired';
    /** Before the cancel: a cancel now would be late. After it: the cancel was counted late. */
    late: boolean;
    /** The class has started (or was cancelled or closed): the page no longer cancels. */
    started: boolean;
}

// The built-in test provider's checkout: /api/public/test-checkout/:id.

/** GET /test-checkout/:id: what the test provider shows of a payment. */
export interface TestCheckout {
    id: string;
    amount: string;
    currency: string;
    description: string;
    status: 'pending' | 'succeeded' | 'declined';
    /** Where the payer goes back to, paid or not. */
    returnUrl: string;
    /** Where the receipt goes, when the studio sends one. */
    receiptTo: string | null;
    /** True when the card typed is saved for a membership's renewals (absent for any other payment). */
    savesCard?: boolean;
}

/** POST /test-checkout/:id: the test card as typed. */
export interface TestCardRequest {
    cardNumber: string;
    expiry: string;
    cvc: string;
}

/** POST /test-checkout/:id: where to send the payer back, paid or declined. */
export interface TestCheckoutAnswer {
    returnUrl: string;
}
