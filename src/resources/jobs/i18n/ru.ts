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
                lastStartedAt: 'Последняя работа',
                lastFinishedAt: 'Завершена',
                lastError: 'Последняя ошибка',
                runs: 'Запусков с работой',
                leaseUntil: 'Выполняется до',
            },
        },
    },
    app: {
        menu: { jobs: 'Задачи сервера' },
        collections: { jobs: '%{smart_count} задача |||| %{smart_count} задачи |||| %{smart_count} задач' },
        jobs: {
            help: 'Собственная работа сервера, каждая задача повторяется каждые несколько секунд или минут. Запуск записывается, когда он что-то сделал (отправил, закрыл, поставил в очередь) или завершился ошибкой; запуски без работы не записываются. Меняет их только сервер.',
            names: {
                send_messages: 'Отправка сообщений',
                close_classes: 'Закрытие занятий',
                reminders: 'Напоминания',
                pass_notices: 'Уведомления об абонементах',
                penalties: 'Применение штрафов',
                payments: 'Онлайн-платежи',
                memberships: 'Подписки: уведомления и списания',
            },
            state: 'Состояние',
            due_now: 'Запустится сейчас',
            states: {
                running: 'Выполняется',
                failed: 'Ошибка',
                ok: 'Успешно',
                never: 'Работы ещё не было',
            },
        },
    },
} satisfies Catalogue<typeof english>;
