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
            payment_page: 'Клиент, на странице оплаты',
            system: 'Сервер',
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
                auditEntries: 'Изменение',
            },
            yes: 'да',
            no: 'нет',
        },
    },
} satisfies Catalogue<typeof english>;
