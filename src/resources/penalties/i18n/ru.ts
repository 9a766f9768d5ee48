import type { Catalogue } from '../../../app/i18n/catalogue';
import type { messages as english } from './en';

/** Правила посещения: штрафы за поздние отмены и неявки, и поля абонементов и настроек, которые их задают. */
export const messages = {
    resources: {
        penalties: {
            name: 'Штраф |||| Штрафы |||| Штрафов',
            fields: {
                id: 'Штраф',
                createdAt: 'Создан',
                customerId: 'Клиент',
                bookingId: 'Запись',
                eventId: 'Занятие',
                passId: 'Абонемент',
                kind: 'За что',
                action: 'Чем',
                amount: 'Сумма штрафа',
                status: 'Состояние',
                appliesAt: 'Будет применён',
                decidedBy: 'Отменил',
                decidedAt: 'Отменён',
                reason: 'Причина',
                attendanceId: 'Отметка',
                paymentId: 'Оплата',
            },
        },
        'settings/subscriptions': {
            fields: {
                lateCancelPenalty: 'Поздняя отмена стоит',
                noShowPenalty: 'Неявка стоит',
                makeUps: 'Отработки за уважительные пропуски',
            },
        },
        configs: { fields: { penaltyDelayHours: 'Часов на отмену штрафа, пока он не применён' } },
    },
    app: {
        collections: { penalties: '%{smart_count} штраф |||| %{smart_count} штрафа |||| %{smart_count} штрафов' },
        penalties: {
            errors: { not_pending: 'Отменить можно только штраф на рассмотрении' },
            kinds: { late_cancel: 'Поздняя отмена', no_show: 'Неявка' },
            actions: { visit: 'Посещение', fee: 'Штраф деньгами' },
            statuses: {
                pending: 'На рассмотрении',
                applied: 'Применён',
                waived: 'Отменён',
                forgiven: 'Прощён (первый за 30 дней)',
                reversed: 'Возвращён',
            },
        },
    },
} satisfies Catalogue<typeof english>;
