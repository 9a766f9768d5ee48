import type { Catalogue } from '../../../app/i18n/catalogue';
import type { messages as english } from './en';

/** Абонементы с автопродлением, сохранённые карты и списания (src/server/memberships). */
export const messages = {
    resources: {
        'settings/subscriptions': { fields: { autoRenew: 'Продлевается каждый месяц (подписка)' } },
        passes: { fields: { membershipId: 'Подписка', held: 'Ждёт оплаты следующего периода' } },
        paymentLinks: { fields: { payerId: 'Плательщик', membershipId: 'Подписка' } },
        configs: {
            fields: {
                membershipGraceDays: 'Дней записи при неоплаченной подписке',
                offerUrl: 'Публичная оферта (адрес)',
                closures: 'Студия закрыта (праздники)',
            },
        },
        memberships: {
            name: 'Подписка |||| Подписки |||| Подписок',
            fields: {
                id: 'Подписка',
                createdAt: 'Начата',
                customerId: 'Клиент',
                payerId: 'Плательщик',
                subscriptionId: 'Тариф',
                prices: 'Цены',
                paymentMethodId: 'Карта',
                status: 'Статус',
                period: 'Период',
                periodStart: 'Период с',
                periodEnd: 'Период по',
                anchorDay: 'День месяца',
                nextChargeAt: 'Следующее списание',
                cancelAtPeriodEnd: 'Закончится с периодом',
                consentId: 'Согласие',
                passId: 'Абонемент',
                heldPassId: 'Абонемент следующего периода',
                noticeMessageId: 'Уведомление о списании',
                priceChange: 'Новая цена',
                paymentLinkId: 'Ссылка на оплату',
                endReason: 'Причина окончания',
                endedAt: 'Закончилась',
            },
        },
        paymentMethods: {
            name: 'Сохранённая карта |||| Сохранённые карты |||| Сохранённых карт',
            fields: {
                id: 'Карта',
                createdAt: 'Сохранена',
                customerId: 'Плательщик',
                provider: 'Платёжный сервис',
                title: 'Карта',
                expiresOn: 'Действует до',
                status: 'Статус',
                removedAt: 'Удалена',
                expiryWarnedAt: 'Предупреждение о сроке',
            },
        },
        charges: {
            name: 'Списание |||| Списания |||| Списаний',
            fields: {
                id: 'Списание',
                createdAt: 'Создано',
                membershipId: 'Подписка',
                periodStart: 'Период с',
                attempt: 'Попытка',
                key: 'Ключ',
                provider: 'Платёжный сервис',
                paymentMethodId: 'Карта',
                amount: 'Сумма',
                status: 'Статус',
                reason: 'Причина',
                cause: 'Отказ из-за',
                providerPaymentId: 'Платёж у сервиса',
                noticeMessageId: 'Уведомление',
                paymentId: 'Оплата',
                settledAt: 'Завершено',
            },
        },
    },
    app: {
        history: {
            collections: { memberships: 'Подписка', paymentMethods: 'Сохранённая карта', charges: 'Списание' },
        },
        collections: {
            memberships: '%{smart_count} подписка |||| %{smart_count} подписки |||| %{smart_count} подписок',
            paymentMethods:
                '%{smart_count} сохранённая карта |||| %{smart_count} сохранённые карты |||| %{smart_count} сохранённых карт',
            charges: '%{smart_count} списание |||| %{smart_count} списания |||| %{smart_count} списаний',
        },
        memberships: {
            statuses: { active: 'Действует', past_due: 'Не оплачена', ended: 'Закончилась' },
            end_reasons: {
                customer: 'отменил плательщик',
                staff: 'отменила студия',
                unpaid: 'не оплачена',
                card_removed: 'карта удалена',
                no_card: 'карта не сохранилась',
            },
            card_statuses: { active: 'Действует', removed: 'Удалена', expired: 'Недействительна' },
            charge_statuses: {
                pending: 'Списывается',
                succeeded: 'Оплачено',
                declined: 'Отклонено',
                unknown: 'Проверяется',
            },
            causes: { money: 'недостаточно средств', card: 'карта' },
        },
    },
} satisfies Catalogue<typeof english>;
