import type { Catalogue } from '../catalogue';
import type { noticeMessages as english } from '../en/notices';

/**
 * The notices of saved forms in Russian (see ../en/notices.ts): the words agree with each resource's
 * gender. Written out whole, as translators read them (and as the Russian catalogue's chunk holds them).
 */
export const noticeMessages = {
    resources: {
        customers: { notifications: { created: 'Клиент %{name} добавлен', updated: 'Клиент %{name} сохранён' } },
        schedules: {
            notifications: { created: 'Расписание «%{name}» добавлено', updated: 'Расписание «%{name}» сохранено' },
        },
        events: { notifications: { created: 'Занятие %{name} добавлено', updated: 'Занятие %{name} сохранено' } },
        statuses: { notifications: { created: 'Статус «%{name}» добавлен', updated: 'Статус «%{name}» сохранён' } },
        configs: { notifications: { updated: 'Общие настройки сохранены' } },
        'settings/users': {
            notifications: { created: 'Пользователь %{name} добавлен', updated: 'Пользователь %{name} сохранён' },
        },
        'settings/courses': {
            notifications: { created: 'Курс «%{name}» добавлен', updated: 'Курс «%{name}» сохранён' },
        },
        'settings/studios': {
            notifications: { created: 'Зал «%{name}» добавлен', updated: 'Зал «%{name}» сохранён' },
        },
        'settings/directions': {
            notifications: { created: 'Направление «%{name}» добавлено', updated: 'Направление «%{name}» сохранено' },
        },
        'settings/subscriptions': {
            notifications: {
                created: 'Вид абонемента «%{name}» добавлен',
                updated: 'Вид абонемента «%{name}» сохранён',
            },
        },
    },
    app: { notifications: { created: 'Запись %{name} добавлена', updated: 'Запись %{name} сохранена' } },
} satisfies Catalogue<typeof english>;
