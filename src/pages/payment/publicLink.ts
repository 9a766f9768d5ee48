import type { LinkStatus } from '../../domain/money';
import type { ApiErrorBody } from '../../domain/api';

/** What the public API tells about a payment link: nothing else about the customer or the studio. */
export interface PublicLink {
    status: LinkStatus;
    studioName: string;
    /** `sale`: the plan is sold; `balance`: the rest of the pass `passName` is paid. */
    purpose: 'sale' | 'balance';
    planName: string;
    passName: string | null;
    amount: number;
    currency: string;
    description: string | null;
    expiresAt: string;
    /** The studio's time zone, in which the expiry is shown. */
    timezone: string;
    firstName: string;
    locale: 'en' | 'ru';
    /** `test`: the test provider takes no money; `off`: no provider is chosen, so it cannot be paid online. */
    payments: 'test' | 'off';
}

export class PublicLinkError extends Error {
    constructor(
        readonly status: number,
        readonly errors: Record<string, string> = {},
    ) {
        super(`HTTP ${status}`);
    }
}

const linkUrl = (id: string) => `/api/public/payment-links/${encodeURIComponent(id)}`;

const answer = async (response: Response): Promise<PublicLink> => {
    const body = (await response.json().catch(() => ({}))) as PublicLink & Partial<ApiErrorBody>;
    if (!response.ok) throw new PublicLinkError(response.status, body.errors);
    return body;
};

/** Plain fetch, no token: the page is for customers, who have no account. */
export const fetchPublicLink = (id: string) =>
    fetch(linkUrl(id), { headers: { Accept: 'application/json' } }).then(answer);

export const payPublicLink = (id: string, card: Record<string, unknown>) =>
    fetch(`${linkUrl(id)}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(card),
    }).then(answer);
