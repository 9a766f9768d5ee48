import type { Catalogue } from '../../../app/i18n/catalogue';
import type { messages as english } from './en';

/** Согласия: карточка клиента, новый клиент на стойке, тексты в настройках и главная. */
export const messages = {
    resources: {
        consents: {
            name: 'Согласие |||| Согласия |||| Согласий',
            fields: {
                id: 'Согласие',
                createdAt: 'Записано',
                customerId: 'Клиент',
                kind: 'Согласие',
                textVersion: 'Версия текста',
                text: 'Показанный текст',
                terms: 'Условия',
                at: 'Дано',
                source: 'Где дано',
                ip: 'С адреса',
                revokedAt: 'Отозвано',
            },
        },
        configs: { fields: { consentTexts: 'Тексты согласий' } },
    },
    app: {
        history: { collections: { consents: 'Согласие' } },
        collections: { consents: '%{smart_count} согласие |||| %{smart_count} согласия |||| %{smart_count} согласий' },
        consents: {
            kinds: {
                personal_data: 'Персональные данные',
                marketing: 'Предложения в сообщениях',
                autopay: 'Автоплатёж',
            },
            sources: {
                portal: 'Личный кабинет',
                trial: 'Страница пробного',
                desk: 'Стойка',
                import: 'Прежние записи',
                payment_page: 'Страница оплаты',
            },
            personal_data_required: 'Нужно согласие клиента на обработку персональных данных',
            autopay_at_desk: 'Согласие на автоплатёж даётся на странице оплаты, на её условиях',
            already_given: 'Клиент уже согласился получать предложения',
            card: {
                title: 'Согласия',
                none: 'Согласий нет',
                revoked: 'отозвано %{date}',
                version: 'текст v%{version}',
            },
            create: {
                personal_data: 'Клиент согласен на обработку персональных данных',
                personal_data_help: 'Обязательно: дайте клиенту прочитать или подписать текст согласия',
                marketing: 'Клиент согласен получать предложения в сообщениях',
            },
            settings: {
                title: 'Согласия',
                help: 'То, на что соглашаются клиенты. %{studio} — название студии. Изменённый текст получает следующую версию; данные согласия сохраняют текст, на который они даны.',
                version: 'Версия %{version}',
                en: 'На английском',
                ru: 'На русском',
            },
            dashboard: {
                title: 'Согласия',
                personal_data: 'Клиентов с согласием на обработку персональных данных',
                marketing: 'Клиентов, согласных на предложения',
            },
        },
    },
} satisfies Catalogue<typeof english>;
