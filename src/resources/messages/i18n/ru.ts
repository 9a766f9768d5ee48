import type { Catalogue } from '../../../app/i18n/catalogue';
import type { messages as english } from './en';

/** Сообщения клиентам: исходящие, их виды и состояния, и выбор клиента. */
export const messages = {
    resources: {
        messages: {
            name: 'Сообщение |||| Сообщения |||| Сообщений',
            fields: {
                id: 'Сообщение',
                createdAt: 'Поставлено в очередь',
                customerId: 'Клиент',
                channel: 'Канал',
                kind: 'О чём',
                dedupeKey: 'Ключ',
                locale: 'Язык',
                subject: 'Тема',
                text: 'Текст',
                status: 'Состояние',
                attempts: 'Попыток',
                sendAt: 'Отправить в',
                sentAt: 'Отправлено',
                error: 'Причина',
                leaseUntil: 'Отправляется до',
            },
        },
        customers: {
            fields: {
                locale: 'Язык сообщений',
                notify: 'Какие сообщения получает',
            },
        },
    },
    app: {
        menu: { messages: 'Сообщения' },
        collections: {
            messages: '%{smart_count} сообщение |||| %{smart_count} сообщения |||| %{smart_count} сообщений',
        },
        messages: {
            title: 'Сообщения',
            none: 'Сообщений пока нет.',
            tries: '%{smart_count} попытка |||| %{smart_count} попытки |||| %{smart_count} попыток',
            reason: 'Причина: %{reason}',
            studio_language: 'Язык студии',
            takes: {
                email: 'Получает e-mail',
                telegram: 'Получает Telegram',
                help: 'Выключите вид, чтобы такие сообщения не приходили; коды для входа приходят всегда.',
            },
            reasons: {
                opted_out: 'клиент отключил такие сообщения',
                no_channel:
                    'у клиента нет канала для сообщений: ни привязанного Telegram, ни e-mail, который он получает',
                not_configured: 'ни один канал клиента не настроен на этом сервере (для e-mail нужен SMTP_URL)',
            },
            statuses: {
                queued: 'В очереди',
                sent: 'Отправлено',
                failed: 'Не доставлено',
                skipped: 'Пропущено',
                withdrawn: 'Отозвано',
            },
            channels: { telegram: 'Telegram', email: 'E-mail' },
            kinds: {
                sign_in: 'Код для входа',
                booked: 'Запись',
                promoted: 'Место из очереди',
                seat_free: 'Освободилось место',
                reminder: 'Напоминание',
                class_cancelled: 'Отмена занятия',
                low_visits: 'Мало посещений',
                expiring: 'Абонемент заканчивается',
                payment: 'Оплата получена',
                penalty: 'Штраф',
                test: 'Проверочное сообщение',
            },
            actions: { resend: 'Отправить снова' },
            setup: {
                title: 'Сообщения клиентам',
                configured: 'Настроен',
                not_configured: 'Не настроен',
                email_hint: 'E-mail уходит, когда на сервере заданы SMTP_URL и MAIL_FROM.',
                telegram_hint: 'Telegram появится с ботом (TELEGRAM_BOT_TOKEN), пока недоступен.',
                sender: 'От %{sender}',
                last_failure: 'Последняя ошибка %{at}: %{error}',
                test_to: 'Отправить проверочное сообщение на',
                send_test: 'Проверить',
                test_sent: 'Проверочное сообщение ушло: загляните в этот ящик',
            },
            notices: { resent: 'Снова в очереди: уйдёт через минуту' },
            errors: {
                not_resendable: 'Снова отправить можно только недоставленное или пропущенное сообщение',
                not_configured: 'Этот канал не настроен на сервере',
            },
        },
    },
} satisfies Catalogue<typeof english>;
