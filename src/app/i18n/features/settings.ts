import { defineMessages } from './define';

/** The settings screens: users, catalogue, status lists, general settings. */
export const settingsMessages = defineMessages(
    {
        resources: {
            'settings/users': { page: { create: 'New user', edit: 'User “%{recordRepresentation}”' } },
            'settings/courses': {
                page: {
                    create: 'New course',
                    edit: 'Course “%{recordRepresentation}”',
                    show: 'Course “%{recordRepresentation}”',
                },
            },
            'settings/studios': {
                page: {
                    create: 'New studio',
                    edit: 'Studio “%{recordRepresentation}”',
                    show: 'Studio “%{recordRepresentation}”',
                },
            },
            'settings/directions': {
                page: {
                    create: 'New direction',
                    edit: 'Direction “%{recordRepresentation}”',
                    show: 'Direction “%{recordRepresentation}”',
                },
            },
            'settings/subscriptions': {
                page: {
                    create: 'New subscription plan',
                    edit: 'Plan “%{recordRepresentation}”',
                    show: 'Plan “%{recordRepresentation}”',
                },
            },
            statuses: { fields: { labels: { en: 'Label in English', ru: 'Label in Russian' } } },
        },
        app: {
            plans: { visits_column: 'Visits', directions_column: 'Directions', for_direction: 'For direction' },
            settings: {
                delete_title: 'Delete “%{name}”?',
                delete_content: 'This cannot be undone.',
                not_deleted: 'Not deleted',
                deactivate_hint:
                    'You can deactivate it instead: it stays in the records that use it, but is no longer offered for new ones.',
                deactivate: 'Deactivate instead',
                deactivated: 'Deactivated',
                pick_color: 'Pick a colour',
                new_password: 'New password',
                new_password_help: 'Leave empty to keep the current password; at least 8 characters',
                add_status: 'Add status',
                edit_status: 'Edit status',
                edit_named: 'Edit %{label}',
                move_up: 'Move up',
                move_down: 'Move down',
                move_up_named: 'Move %{label} up',
                move_down_named: 'Move %{label} down',
                is_default: 'Default: new records get this status',
                is_default_named: '%{label} is the default',
                make_default: 'Make default',
                make_default_named: 'Make %{label} the default',
                code_help: 'Latin letters, digits, "-" and "_"; it cannot be changed later',
                code_fixed: 'Records refer to the status by its code, so it does not change',
                charges_help: 'This mark uses up a visit of the pass',
                code_in_use: 'This status is in use: its code cannot change',
                status_list_fixed: 'A status stays in its list',
                reorder_mismatch: 'The list changed meanwhile: reload the page and try again',
            },
        },
    },
    {
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
    },
);
