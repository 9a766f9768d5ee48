import type { Catalogue } from '../catalogue';
import type { settingsMessages as english } from '../en/settings';

/** The settings screens: users, catalogue, status lists, general settings. */
export const settingsMessages = {
    resources: {
        'settings/users': {
            page: { create: 'Новый пользователь', edit: 'Пользователь «%{recordRepresentation}»' },
        },
        'settings/courses': {
            page: {
                create: 'Новый курс',
                edit: 'Курс «%{recordRepresentation}»',
                show: 'Курс «%{recordRepresentation}»',
            },
        },
        'settings/studios': {
            page: {
                create: 'Новый зал',
                edit: 'Зал «%{recordRepresentation}»',
                show: 'Зал «%{recordRepresentation}»',
            },
        },
        'settings/directions': {
            page: {
                create: 'Новое направление',
                edit: 'Направление «%{recordRepresentation}»',
                show: 'Направление «%{recordRepresentation}»',
            },
        },
        'settings/subscriptions': {
            page: {
                create: 'Новый вид абонемента',
                edit: 'Вид абонемента «%{recordRepresentation}»',
                show: 'Вид абонемента «%{recordRepresentation}»',
            },
        },
        statuses: { fields: { labels: { en: 'Название по-английски', ru: 'Название по-русски' } } },
    },
    app: {
        configs: {
            sections: {
                studio: 'Студия',
                booking: 'Занятия и запись',
                messages: 'Сообщения',
                payments: 'Оплата и чеки',
                penalties: 'Штрафы',
                passes: 'Абонементы на главной',
            },
            quiet_hours: {
                from: 'Тихие часы с',
                to: 'Тихие часы до',
                help: 'Напоминания и уведомления, выпавшие на это время, ждут конца тихих часов; коды для входа уходят всегда.',
                none: 'Тихих часов нет: сообщения уходят в любое время.',
            },
        },
        sign_in_hold: {
            held: 'Вход заблокирован с %{since}, неудачных попыток входа: %{failures}. Войти можно только с адресов, с которых пользователь недавно входил. Блокировка снимается через час после последней неудачной попытки.',
            release: 'Снять блокировку',
            released: 'Блокировка входа снята',
        },
        plans: { visits_column: 'Посещений', directions_column: 'Направления', for_direction: 'Для направления' },
        settings: {
            delete_title: 'Удалить «%{name}»?',
            delete_content: 'Это действие нельзя отменить.',
            not_deleted: 'Не удалено',
            deactivate_hint:
                'Вместо этого можно сделать запись неактивной: она останется в связанных записях, но не будет предлагаться для новых.',
            deactivate: 'Сделать неактивной',
            deactivated: 'Запись больше не активна',
            pick_color: 'Выбрать цвет',
            no_color: 'Без цвета',
            new_password: 'Новый пароль',
            new_password_help: 'Оставьте пустым, чтобы не менять пароль; не короче 8 символов',
            add_status: 'Добавить статус',
            edit_status: 'Изменить статус',
            edit_named: 'Изменить «%{label}»',
            move_up: 'Выше',
            move_down: 'Ниже',
            move_up_named: 'Переместить «%{label}» выше',
            move_down_named: 'Переместить «%{label}» ниже',
            is_default: 'По умолчанию: новые записи получают этот статус',
            is_default_named: '«%{label}» — статус по умолчанию',
            make_default: 'Сделать статусом по умолчанию',
            make_default_named: 'Сделать «%{label}» статусом по умолчанию',
            code_help: 'Латинские буквы, цифры, «-» и «_»; потом его нельзя изменить',
            code_fixed: 'Записи ссылаются на статус по коду, поэтому код не меняется',
            charges_help: 'Эта отметка списывает посещение с абонемента',
            code_in_use: 'Статус уже используется: его код нельзя изменить',
            status_list_fixed: 'Статус нельзя перенести в другой список',
            reorder_mismatch: 'Список изменился: обновите страницу и попробуйте снова',
        },
    },
} satisfies Catalogue<typeof english>;
