import type { Catalogue } from '../catalogue';
import type { historyMessages as english } from '../en/history';

/** The audit trail: the list of all changes and the History panels of a customer, a pass and a class. */
export const historyMessages = {
    resources: {
        'settings/users': {
            fields: {
                tokenVersion: 'Версия сеанса',
                revokedSessions: 'Завершённые сеансы',
                password: 'Пароль',
                signInHold: 'Блокировка входа',
            },
        },
        history: {
            name: 'Изменение |||| Изменения |||| Изменений',
            fields: {
                createdAt: 'Когда',
                userId: 'Кто',
                userName: 'Кто',
                role: 'Роль',
                endpoint: 'Через',
                action: 'Что',
                collection: 'Запись',
                recordId: 'Номер записи',
                customerId: 'Клиент',
                passId: 'Абонемент',
                eventId: 'Занятие',
                changes: 'Изменения',
                before: 'Было',
                after: 'Стало',
            },
        },
    },
    app: {
        collections: {
            auditEntries: '%{smart_count} изменение |||| %{smart_count} изменения |||| %{smart_count} изменений',
        },
        menu: { history: 'История изменений' },
        history: {
            title: 'История',
            pass_title: 'История абонемента «%{name}»',
            open: 'История',
            empty: 'Изменений пока нет.',
            payment_page: 'Онлайн, сам клиент',
            system: 'Автоматически, сервером',
            gone: 'удалённая запись',
            unavailable: 'недоступно вам',
            more: 'и ещё %{smart_count}',
            summaries: {
                lines: '%{smart_count} занятие, %{total} |||| %{smart_count} занятия, %{total} |||| %{smart_count} занятий, %{total}',
                adjustments:
                    '%{smart_count} корректировка, %{total} |||| %{smart_count} корректировки, %{total} |||| %{smart_count} корректировок, %{total}',
                items: '%{smart_count} элемент |||| %{smart_count} элемента |||| %{smart_count} элементов',
                minutes: '%{smart_count} мин',
                hold: 'заблокирован до %{until} после %{smart_count} неудачной попытки входа |||| заблокирован до %{until} после %{smart_count} неудачных попыток входа |||| заблокирован до %{until} после %{smart_count} неудачных попыток входа',
                released: 'разблокирован %{date}, %{name}',
            },
            actions: { create: 'Создано', update: 'Изменено', delete: 'Удалено' },
            hidden: 'изменён (скрыт)',
            collections: {
                users: 'Пользователь',
                directions: 'Направление',
                studios: 'Зал',
                courses: 'Курс',
                subscriptions: 'Вид абонемента',
                passes: 'Абонемент',
                customers: 'Клиент',
                schedules: 'Расписание',
                events: 'Занятие',
                attendances: 'Отметка',
                payments: 'Платёж',
                paymentLinks: 'Ссылка на оплату',
                statuses: 'Статус',
                configs: 'Настройки',
                bookings: 'Запись',
                payPeriods: 'Период оплаты',
                penalties: 'Штраф',
                makeUps: 'Отработка',
                imports: 'Импорт',
                onlinePayments: 'Онлайн-оплата',
                auditEntries: 'Изменение',
            },
            yes: 'да',
            no: 'нет',
        },
    },
} satisfies Catalogue<typeof english>;
