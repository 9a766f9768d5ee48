import { z } from 'zod';
import { id, instant, money } from '../fields';
import { declare, ref } from './declare';
import { paymentLinkPurposes } from './paymentLinks';

/** The acquirers whose hosted payment page takes a link's payment (src/server/payments), and the built-in test one. */
export const paymentProviderNames = ['yookassa', 'cloudpayments', 'tbank', 'test'] as const;

/**
 * One attempt to pay a link on a provider's page: what the link asked when it began, the provider's ids,
 * and how it went (creating → pending → succeeded / declined / failed; a payment that cannot be recorded,
 * the link cancelled or paid meanwhile, refunding → refunded / refund_failed). Its random id is the
 * idempotence key and the order id the provider knows. Written by the server only.
 */
export const onlinePaymentStatuses = [
    'creating',
    'pending',
    'succeeded',
    'declined',
    'failed',
    'refunding',
    'refunded',
    'refund_failed',
] as const;

/** A refund staff gave through the provider, on the online payment it goes back to. */
export const onlineRefundSchema = z.object({
    /** The provider's idempotence key: asking again with it never refunds twice. */
    key: z.string(),
    amount: money,
    passId: id.nullable(),
    cancelPass: z.boolean(),
    note: z.string().nullable(),
    createdBy: id,
    requestedAt: instant,
    /** pending until the provider confirms it; then succeeded (and in the ledger) or canceled. */
    status: z.enum(['pending', 'succeeded', 'canceled']),
    providerRefundId: z.string().nullable(),
    /** The ledger's refund once recorded. */
    paymentId: id.nullable(),
    reason: z.string().nullable(),
});

export const onlinePaymentSchema = z.object({
    paymentLinkId: z.string(),
    provider: z.enum(paymentProviderNames),
    providerPaymentId: z.string().nullable(),
    /** CloudPayments' transaction, which its refunds name (its order is providerPaymentId). */
    providerTransactionId: z.string().nullable(),
    amount: money,
    currency: z.string(),
    /** What the link asked when the attempt began. */
    customerId: id,
    purpose: z.enum(paymentLinkPurposes),
    subscriptionId: id,
    passId: id.nullable(),
    penaltyId: id.nullable(),
    status: z.enum(onlinePaymentStatuses),
    /** Why it was declined, failed, or refunded. */
    reason: z.string().nullable(),
    /** The provider's page the payer is sent to. */
    confirmationUrl: z.string().nullable(),
    /** Where the fiscal receipt goes: an e-mail or a phone. */
    receiptContact: z.string().nullable(),
    /** The ledger's payment once recorded. */
    paymentId: id.nullable(),
    refundKey: z.string().nullable(),
    providerRefundId: z.string().nullable(),
    updatedAt: instant,
    settledAt: instant.nullable(),
    /** Refunds staff gave of the recorded payment, through the provider. */
    refunds: z.array(onlineRefundSchema).default([]),
    /** One of them waits for the provider's confirmation: the job asks about it. */
    refundPending: z.boolean().default(false),
});

export const onlinePayments = declare({
    // Attempts to pay a link on a provider's page: begun by the public payment page, settled by the
    // provider's verified notice; never written through the API.
    schema: onlinePaymentSchema,
    references: [
        ref('paymentLinkId', 'paymentLinks'),
        ref('customerId', 'customers'),
        ref('subscriptionId', 'subscriptions'),
        ref('passId', 'passes'),
        ref('penaltyId', 'penalties'),
        ref('paymentId', 'payments'),
    ],
    // A provider's payment is recorded once, however often its notice comes.
    unique: [['provider', 'providerPaymentId']],
    indexed: ['status', 'providerPaymentId', 'providerTransactionId', 'refundPending'],
    idKind: 'random',
    addedLater: true,
});
