import type { Catalogue } from '../../../app/i18n/catalogue';
import type { messages as english } from './en';

/** Лиды: список, форма, повторный телефон и отказ во втором пробном занятии на стойке. */
export const messages = {
    resources: {
        leads: {
            name: 'Лид |||| Лида |||| Лидов',
            fields: {
                id: 'Лид',
                name: 'Имя',
                phone: 'Телефон',
                email: 'E-mail',
                childName: 'Имя ребёнка',
                directionId: 'Направление',
                source: 'Источник',
                utm: 'Кампания',
                referrerId: 'По рекомендации',
                status: 'Статус',
                lostReason: 'Причина отказа',
                ownerId: 'Ответственный',
                customerId: 'Клиент',
                notes: 'Заметки',
                wonAt: 'Когда купил',
                createdAt: 'Создан',
            },
            page: { create: 'Новый лид' },
            notifications: { created: 'Лид %{name} добавлен', updated: 'Лид %{name} сохранён' },
        },
    },
    app: {
        menu: { leads: 'Лиды' },
        history: { collections: { leads: 'Лид' } },
        collections: { leads: '%{smart_count} лид |||| %{smart_count} лида |||| %{smart_count} лидов' },
        leads: {
            create: 'Новый лид',
            statuses: {
                new: 'Новый',
                contacted: 'Связались',
                trial_booked: 'Записан на пробное',
                trial_done: 'Был на пробном',
                won: 'Купил',
                lost: 'Отказ',
            },
            sources: {
                trial_page: 'Страница пробного',
                portal: 'Регистрация на сайте',
                phone: 'Звонок',
                walk_in: 'Пришёл сам',
                referral: 'Рекомендация',
                import: 'Импорт',
                other: 'Другое',
            },
            status_help: {
                trial_booked: 'Ставится записью на пробное; отметить отказ можно',
                trial_done: 'Ставится, когда пробное занятие закрыто; отметить отказ можно',
            },
            won_help: 'Лид купил абонемент: теперь меняются только ответственный и заметки',
            child_help: 'Если заниматься будет ребёнок',
            any_direction: 'Пока не выбрано',
            customer: 'Клиент:',
            referrer: 'По рекомендации:',
            campaign: 'Кампания: %{campaign}',
            duplicate_found:
                'С этим телефоном уже есть открытый лид: |||| С этим телефоном уже есть открытые лиды: |||| С этим телефоном уже есть открытые лиды:',
            duplicate_hint: 'Если это тот же человек, откройте его лид; если нет, сохраните этот всё равно.',
            save_anyway: 'Всё равно сохранить',
            errors: {
                won: 'Лид уже купил: можно изменить только заметки и ответственного',
                duplicate: 'С этим телефоном уже есть открытый лид',
                status_by_server: 'Этот статус студия ставит сама (запись на пробное, покупка абонемента)',
            },
        },
        money: {
            errors: { trial_used: 'Пробное занятие у этого человека уже было' },
            trial: {
                sell_anyway_help:
                    'Пробное занятие у этого человека уже было. Продайте его всё равно, только если студия даёт ещё одно.',
            },
        },
    },
} satisfies Catalogue<typeof english>;
