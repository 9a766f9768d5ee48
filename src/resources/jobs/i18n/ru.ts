import type { Catalogue } from '../../../app/i18n/catalogue';
import type { messages as english } from './en';

/** Периодические задачи сервера: названия, поля и состояния, как их видят администраторы. */
export const messages = {
    resources: {
        jobs: {
            name: 'Задача |||| Задачи |||| Задач',
            fields: {
                id: 'Id',
                createdAt: 'Создана',
                name: 'Задача',
                runAt: 'Следующий запуск',
                lastStartedAt: 'Последний запуск',
                lastFinishedAt: 'Последнее завершение',
                lastError: 'Последняя ошибка',
                runs: 'Запусков',
                leaseUntil: 'Выполняется до',
            },
        },
    },
    app: {
        menu: { jobs: 'Задачи сервера' },
        collections: { jobs: '%{smart_count} задача |||| %{smart_count} задачи |||| %{smart_count} задач' },
        jobs: {
            help: 'Собственная работа сервера, каждая задача повторяется: когда она запустится снова и чем закончился последний запуск. Меняет их только сервер.',
            names: {
                send_messages: 'Отправка сообщений',
                close_classes: 'Закрытие занятий',
                reminders: 'Напоминания',
                pass_notices: 'Уведомления об абонементах',
            },
            state: 'Состояние',
            states: {
                running: 'Выполняется',
                failed: 'Ошибка',
                ok: 'Успешно',
                never: 'Ещё не запускалась',
            },
        },
    },
} satisfies Catalogue<typeof english>;
