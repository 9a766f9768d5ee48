/** Attempts to pay payment links on a provider's hosted page (src/server/payments). */
export const messages = {
    resources: {
        onlinePayments: {
            name: 'Online payment |||| Online payments',
            fields: {
                id: 'Online payment',
                createdAt: 'Begun at',
                updatedAt: 'Changed at',
                settledAt: 'Settled at',
                paymentLinkId: 'Payment link',
                provider: 'Provider',
                providerPaymentId: "Provider's payment",
                providerTransactionId: "Provider's transaction",
                amount: 'Amount',
                currency: 'Currency',
                customerId: 'Customer',
                purpose: 'Purpose',
                subscriptionId: 'Plan',
                passId: 'Pass',
                penaltyId: 'Penalty',
                status: 'State',
                reason: 'Reason',
                confirmationUrl: "Provider's page",
                receiptContact: 'Receipt sent to',
                paymentId: 'Payment',
                refundKey: 'Refund key',
                providerRefundId: "Provider's refund",
            },
        },
    },
    app: {
        collections: { onlinePayments: '%{smart_count} online payment |||| %{smart_count} online payments' },
    },
};
