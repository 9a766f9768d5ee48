import type {
    PortalCardChangeTerms,
    PortalChangeCardAnswer,
    PortalMembership,
    PortalMembershipTerms,
    PortalStartMembershipAnswer,
    PortalStartMembershipRequest,
    RemovedPaymentMethod,
} from '../domain/api/memberships';
import { request } from './api';

/*
 * The portal's calls about memberships (/api/portal/memberships, /api/portal/payment-methods): the
 * customer's memberships, the terms of one before agreeing, starting one, cancelling and resuming it,
 * and removing the card it is charged to.
 */
export const membershipApi = {
    list: () => request<PortalMembership[]>('GET', '/memberships'),
    terms: (subscriptionId: number, customerId?: number) =>
        request<PortalMembershipTerms>(
            'GET',
            `/memberships/terms?subscriptionId=${subscriptionId}${customerId ? `&customerId=${customerId}` : ''}`,
        ),
    start: (subscriptionId: number, customerId?: number) =>
        request<PortalStartMembershipAnswer>('POST', '/memberships', {
            subscriptionId,
            ...(customerId ? { customerId } : {}),
            consent: true,
        } satisfies PortalStartMembershipRequest),
    cancel: (id: number) => request<PortalMembership>('POST', `/memberships/${id}/cancel`),
    resume: (id: number) => request<PortalMembership>('POST', `/memberships/${id}/resume`),
    cardTerms: (id: number) => request<PortalCardChangeTerms>('GET', `/memberships/${id}/card`),
    changeCard: (id: number) => request<PortalChangeCardAnswer>('POST', `/memberships/${id}/card`, { consent: true }),
    acceptPrice: (id: number) => request<PortalMembership>('POST', `/memberships/${id}/price/accept`),
    removeCard: (id: number) => request<RemovedPaymentMethod>('DELETE', `/payment-methods/${id}`),
};
