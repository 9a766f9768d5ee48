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
                appliesAt: 'Срок',
                decidedBy: 'Отменил',
                decidedAt: 'Отменён',
                reason: 'Причина',
                attendanceId: 'Отметка',
                paymentId: 'Оплата',
            },
        },
        makeUps: {
            name: 'Отработка |||| Отработки |||| Отработок',
            fields: {
                id: 'Отработка',
                createdAt: 'Выдана',
                customerId: 'Клиент',
                attendanceId: 'Отметка «уважительная»',
                eventId: 'Пропущенное занятие',
                directionId: 'Направление',
                expiresOn: 'Записаться до',
                usedBookingId: 'Запись',
                lostAt: 'Сгорела',
                state: 'Состояние',
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
        history: { collections: { penalties: 'Штраф' } },
        collections: {
            penalties: '%{smart_count} штраф |||| %{smart_count} штрафа |||| %{smart_count} штрафов',
            makeUps: '%{smart_count} отработка |||| %{smart_count} отработки |||| %{smart_count} отработок',
        },
        makeUps: {
            /** Состояние отработки (src/domain/makeUps.ts). */
            states: {
                open: 'Можно записаться',
                booked: 'Записан',
                used: 'Использована',
                lost: 'Сгорела',
                expired: 'Истекла',
            },
            card: { title: 'Отработки', none: 'Отработок нет' },
            /** Одна отработка в списке: направление и срок или занятие, на которое записан. */
            until: 'занятие «%{direction}» до %{date}',
            missed: 'за занятие %{date}',
            paid: 'Оплачено отработкой',
        },
        penalties: {
            errors: {
                not_pending: 'Отменить можно только штраф на рассмотрении',
                not_owed: 'Этот штраф не нужно оплачивать: оплачивается только применённый и неоплаченный',
            },
            kinds: { late_cancel: 'Поздняя отмена', no_show: 'Неявка' },
            actions: { visit: 'Посещение', fee: 'Штраф деньгами' },
            statuses: {
                pending: 'На рассмотрении',
                applied: 'Применён',
                waived: 'Отменён',
                forgiven: 'Прощён (первый за 30 дней)',
                reversed: 'Возвращён',
            },
            rules: {
                title: 'Поздние отмены и неявки',
                none: 'Ничего',
                visit: 'Посещение',
                fee: 'Штраф деньгами',
                amount: 'Сумма штрафа',
            },
            summary: {
                late_none: 'Поздняя отмена ничего не стоит.',
                late_visit: 'Отмена менее чем за %{hours} до занятия списывает посещение.',
                late_fee: 'Отмена менее чем за %{hours} до занятия — штраф %{amount}.',
                no_show_none: 'Неявка ничего не стоит.',
                no_show_visit: 'Неявка на занятие списывает посещение.',
                no_show_fee: 'Неявка на занятие — штраф %{amount}.',
                fee_unset: '(сумма не указана)',
                waive: 'Первый раз за 30 дней прощается; сотрудники могут отменить любой штраф в течение %{hours} после занятия.',
                waive_none: 'Первый раз за 30 дней прощается; остальные применяются по окончании занятия.',
                make_ups: 'Уважительный пропуск занятия группы даёт отработку.',
                // «за 1 час, 2 часа, 5 часов» и «в течение 1 часа, 2 часов, 5 часов».
                hours: '%{smart_count} час |||| %{smart_count} часа |||| %{smart_count} часов',
                hours_within: '%{smart_count} часа |||| %{smart_count} часов |||| %{smart_count} часов',
            },
            cost: { visit: 'посещение', fee: 'штраф %{amount}' },
            applies: 'применится %{date}',
            outcome: {
                applied: 'применён %{date}',
                waived: 'отменён %{date}',
                waived_undated: 'отменён',
                forgiven: 'не применяется',
                reversed: 'возвращён',
            },
            dashboard: {
                title: 'Штрафы на рассмотрении',
                hint: 'Каждый применится в указанное время, если его не отменить',
                more: 'и ещё %{smart_count}',
            },
            card: { title: 'Штрафы', none: 'Штрафов нет' },
            waive: {
                action: 'Отменить',
                title: 'Отменить штраф',
                reason_help: 'Сохранится в штрафе и в истории',
                done: 'Штраф отменён',
            },
            /** Ссылка на оплату штрафа из карточки; что она оплачивает в списке ссылок. */
            link: { action: 'Ссылка на оплату', pays: 'Штраф' },
            pay: {
                action: 'Принять оплату',
                title: 'Оплата штрафа',
                done: 'Штраф оплачен',
                owed: 'не оплачен',
                paid: 'оплачен',
            },
        },
    },
} satisfies Catalogue<typeof english>;
