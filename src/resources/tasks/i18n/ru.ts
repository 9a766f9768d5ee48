import type { Catalogue } from '../../../app/i18n/catalogue';
import type { messages as english } from './en';

/** Задачи сотрудников: список, форма, закрытие, карточка клиента и «Мои задачи» на главной. */
export const messages = {
    resources: {
        tasks: {
            name: 'Задача |||| Задачи |||| Задач',
            fields: {
                id: 'Задача',
                title: 'Что сделать',
                kind: 'Вид',
                customerId: 'Клиент',
                leadId: 'Лид',
                membershipId: 'Членство',
                assigneeId: 'Сотрудник',
                assigneeRole: 'Очередь',
                dueAt: 'Срок',
                status: 'Состояние',
                note: 'Заметка',
                source: 'Откуда',
                doneAt: 'Закрыта',
                doneBy: 'Кем закрыта',
                createdAt: 'Создана',
                createdBy: 'Кем создана',
                mine: 'Мои и моей очереди',
                overdue: 'Только просроченные',
                assignee: 'Чья',
            },
        },
    },
    app: {
        menu: { tasks: 'Задачи' },
        history: { collections: { tasks: 'Задача' } },
        collections: { tasks: '%{smart_count} задача |||| %{smart_count} задачи |||| %{smart_count} задач' },
        tasks: {
            kinds: { call: 'Звонок', message: 'Сообщение', other: 'Другое' },
            sources: {
                manual: 'Сотрудник',
                lead: 'Лид',
                retention: 'Удержание',
                membership: 'Членство',
                erasure: 'Запрос на удаление данных',
            },
            statuses: { open: 'Открыта', done: 'Сделана', skipped: 'Пропущена' },
            queues: {
                admin: 'Очередь администраторов',
                manager: 'Очередь менеджеров',
                teacher: 'Очередь преподавателей',
            },
            assign: {
                label: 'Кому',
                user: 'Сотруднику',
                role: 'В очередь роли',
                help: 'Задача без исполнителя ждёт в очереди менеджеров',
            },
            overdue: 'Просрочена',
            errors: {
                one_assignee: 'Назначьте задачу сотруднику или очереди, но не обоим',
                inactive_assignee: 'Этот сотрудник отключён: назначьте задачу активному',
                closed: 'Задача закрыта: можно изменить только заметку',
                not_open: 'Задача уже закрыта',
            },
            close: {
                done: 'Сделано',
                skip: 'Пропустить',
                title_done: 'Отметить задачу сделанной',
                title_skip: 'Пропустить задачу',
                note_help: 'Чем закончилось (останется в задаче)',
                done_notice: 'Задача сделана',
                skipped_notice: 'Задача пропущена',
            },
            closed_by: '%{status} %{date}, %{name}',
            dashboard: {
                title: 'Мои задачи',
                hint: 'Мои и моей роли, сначала просроченные',
                none: 'Задач нет',
                all: 'Все задачи',
                more: 'и ещё %{smart_count}',
            },
            card: { title: 'Задачи', none: 'Открытых задач нет', make: 'Создать задачу' },
        },
    },
} satisfies Catalogue<typeof english>;
