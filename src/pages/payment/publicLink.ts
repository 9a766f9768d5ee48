import type { PayLinkAnswer, PayLinkRequest, PublicLink } from '../../domain/api/public';
import { getPublic, postPublic } from './publicApi';

export type { PublicLink } from '../../domain/api/public';
export { PublicApiError as PublicLinkError } from './publicApi';

const linkUrl = (id: string) => `/api/public/payment-links/${encodeURIComponent(id)}`;

/** Plain fetch, no token: the page is for customers, who have no account. */
export const fetchPublicLink = (id: string, attemptId?: string | null) =>
    getPublic<PublicLink>(attemptId ? `${linkUrl(id)}?attempt=${encodeURIComponent(attemptId)}` : linkUrl(id));

/** Begins a payment: answers the provider's page to send the payer to. */
export const payPublicLink = (id: string, body: PayLinkRequest) =>
    postPublic<PayLinkAnswer>(`${linkUrl(id)}/pay`, body);
