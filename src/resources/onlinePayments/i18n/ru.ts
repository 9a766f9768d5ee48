/** Попытки оплатить ссылку на странице платёжного сервиса (src/server/payments). */
export const messages = {
    resources: {
        onlinePayments: {
            name: 'Онлайн-оплата |||| Онлайн-оплаты |||| Онлайн-оплат',
            fields: {
                id: 'Онлайн-оплата',
                createdAt: 'Начата',
                updatedAt: 'Изменена',
                settledAt: 'Завершена',
                paymentLinkId: 'Ссылка на оплату',
                provider: 'Платёжный сервис',
                providerPaymentId: 'Платёж в сервисе',
                providerTransactionId: 'Транзакция в сервисе',
                amount: 'Сумма',
                currency: 'Валюта',
                customerId: 'Клиент',
                purpose: 'Назначение',
                subscriptionId: 'Абонемент',
                passId: 'Абонемент клиента',
                penaltyId: 'Штраф',
                status: 'Состояние',
                reason: 'Причина',
                confirmationUrl: 'Страница оплаты сервиса',
                receiptContact: 'Куда отправлен чек',
                paymentId: 'Платёж',
                refundKey: 'Ключ возврата',
                providerRefundId: 'Возврат в сервисе',
            },
        },
    },
    app: {
        collections: {
            onlinePayments:
                '%{smart_count} онлайн-оплата |||| %{smart_count} онлайн-оплаты |||| %{smart_count} онлайн-оплат',
        },
    },
};
