import { minorOfText, type ProviderStatus } from './provider';

/*
 * What is read of ЮKassa's objects (a payment, a refund, an amount) and what their statuses and notice
 * events mean here.
 */

/** An amount object: read by amountMinor and currencyOf, which check its value and currency. */
export type Amount = Record<string, unknown>;

/** What is read of a payment object. */
export interface PaymentObject {
    id: string;
    status: string;
    amount: Amount;
    refunded_amount?: Amount;
    confirmation?: { type?: string; confirmation_url?: string };
    cancellation_details?: { party?: string; reason?: string };
    metadata?: Record<string, unknown> | null;
}

/** What is read of a refund object. */
export interface RefundObject {
    id: string;
    payment_id: string;
    status: string;
    amount: Amount;
    cancellation_details?: { party?: string; reason?: string };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * ЮKassa's amount text in minor units, read as text ('1500.5' → 150050): a float times 100 could be a
 * kopeck off. Null for anything that is not a non-negative amount with at most 2 decimals.
 */
export const amountMinor = (amount: unknown): number | null =>
    isRecord(amount) && typeof amount.value === 'string' ? (minorOfText(amount.value) ?? null) : null;

export const currencyOf = (amount: unknown) =>
    isRecord(amount) && typeof amount.currency === 'string' ? amount.currency : null;

/** ЮKassa's payment statuses in ours: with capture at once, waiting_for_capture is not decided either. */
export const paymentStatuses: Record<string, ProviderStatus> = {
    pending: 'pending',
    waiting_for_capture: 'pending',
    succeeded: 'succeeded',
    canceled: 'declined',
};

export const refundStatuses = ['pending', 'succeeded', 'canceled'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** The events whose object is a payment, and the one whose object is a refund. */
export const paymentEvents = ['payment.succeeded', 'payment.canceled', 'payment.waiting_for_capture'];
export const refundEvent = 'refund.succeeded';
