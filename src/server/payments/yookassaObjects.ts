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
    /** How it was paid; with `saved: true` its id charges the payer again (read by yookassaCards). */
    payment_method?: unknown;
    created_at?: string;
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

/** A payment object as ЮKassa answers it, checked for what is read of it. */
export const readPayment = (body: Record<string, unknown>): PaymentObject | null =>
    typeof body.id === 'string' && typeof body.status === 'string' && isRecord(body.amount)
        ? { ...body, id: body.id, status: body.status, amount: body.amount }
        : null;

export const readRefund = (body: Record<string, unknown>): RefundObject | null =>
    typeof body.id === 'string' &&
    typeof body.payment_id === 'string' &&
    typeof body.status === 'string' &&
    isRecord(body.amount)
        ? { ...body, id: body.id, payment_id: body.payment_id, status: body.status, amount: body.amount }
        : null;

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
