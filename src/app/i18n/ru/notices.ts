import type { Catalogue } from '../catalogue';
import type { noticeMessages as english } from '../en/notices';

/** The notices of saved forms in Russian (see ../en/notices.ts): the words agree with each resource's gender. */
const masculine = (what: string) => ({ created: `${what} добавлен`, updated: `${what} сохранён` });
const feminine = (what: string) => ({ created: `${what} добавлена`, updated: `${what} сохранена` });
const neuter = (what: string) => ({ created: `${what} добавлено`, updated: `${what} сохранено` });

export const noticeMessages = {
    resources: {
        customers: { notifications: masculine('Клиент %{name}') },
        schedules: { notifications: neuter('Расписание «%{name}»') },
        events: { notifications: neuter('Занятие %{name}') },
        statuses: { notifications: masculine('Статус «%{name}»') },
        configs: { notifications: { updated: 'Общие настройки сохранены' } },
        'settings/users': { notifications: masculine('Пользователь %{name}') },
        'settings/courses': { notifications: masculine('Курс «%{name}»') },
        'settings/studios': { notifications: masculine('Зал «%{name}»') },
        'settings/directions': { notifications: neuter('Направление «%{name}»') },
        'settings/subscriptions': { notifications: masculine('Вид абонемента «%{name}»') },
    },
    app: { notifications: feminine('Запись %{name}') },
} satisfies Catalogue<typeof english>;
