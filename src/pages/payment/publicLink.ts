import type { LinkStatus } from '../../domain/money';
import { getPublic, postPublic } from './publicApi';

/** What the public API tells about a payment link: nothing else about the customer or the studio. */
export interface PublicLink {
    status: LinkStatus;
    studioName: string;
    /** `sale`: the plan is sold; `balance`: the rest of the pass `passName` is paid; `fee`: a penalty's fee. */
    purpose: 'sale' | 'balance' | 'fee';
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
    /** The payer's attempt the return page names: how it went on the provider's page. */
    attempt: {
        id: string;
        status:
            'creating' | 'pending' | 'succeeded' | 'declined' | 'failed' | 'refunding' | 'refunded' | 'refund_failed';
        reason: string | null;
    } | null;
}

export { PublicApiError as PublicLinkError } from './publicApi';

const linkUrl = (id: string) => `/api/public/payment-links/${encodeURIComponent(id)}`;

/** Plain fetch, no token: the page is for customers, who have no account. */
export const fetchPublicLink = (id: string, attemptId?: string | null) =>
    getPublic<PublicLink>(attemptId ? `${linkUrl(id)}?attempt=${encodeURIComponent(attemptId)}` : linkUrl(id));

/** Begins a payment: answers the provider's page to send the payer to. */
export const payPublicLink = (id: string, body: { email?: string }) =>
    postPublic<{ attemptId: string; confirmationUrl: string }>(`${linkUrl(id)}/pay`, body);
