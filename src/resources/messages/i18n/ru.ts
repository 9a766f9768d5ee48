import type { Catalogue } from '../../../app/i18n/catalogue';
import type { messages as english } from './en';

/** Сообщения клиентам: исходящие, их виды и состояния, выбор клиента и Telegram, настройки студии. */
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
                bookingId: 'Запись',
            },
        },
        customers: {
            fields: {
                locale: 'Язык сообщений',
                notify: 'Какие сообщения получает',
                telegramLinked: 'Telegram подключён',
            },
        },
        configs: {
            fields: {
                quietHours: 'Тихие часы',
                reminders: 'Напоминать клиентам за 2 часа до конца бесплатной отмены',
                staffBookingNotices: 'Сообщать клиентам, когда их записывают сотрудники',
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
                not_configured:
                    'ни один канал клиента не настроен на этом сервере (для e-mail нужен SMTP_URL, для Telegram — TELEGRAM_BOT_TOKEN)',
                no_consent: 'в сообщении предложение, а клиент не давал согласия получать предложения в сообщениях',
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
                offers_question: 'Вопрос о предложениях',
                charge_notice: 'Предстоящее списание за подписку',
                charge_declined: 'Списание за подписку не прошло',
                membership_ended: 'Подписка закончилась',
                card_expiring: 'Сохранённая карта скоро истечёт',
                membership_price: 'Новая цена подписки',
                erasure_request: 'Получен запрос на удаление персональных данных',
                test: 'Проверочное сообщение',
            },
            actions: { resend: 'Отправить снова' },
            not_resent: {
                opted_out: 'Не отправить снова: клиент отключил такие сообщения',
                no_channel: 'Не отправить снова: у клиента нет канала (ни Telegram, ни e-mail)',
                not_configured: 'Не отправить снова: канал клиента не настроен на этом сервере',
                no_consent: 'Не отправить снова: клиент не давал согласия получать предложения',
                other: 'Не отправить снова: сообщению некуда идти',
            },
            setup: {
                title: 'Сообщения клиентам',
                configured: 'Настроен',
                not_configured: 'Не настроен',
                email_hint: 'E-mail уходит, когда на сервере заданы SMTP_URL и MAIL_FROM.',
                telegram_hint:
                    'Telegram работает, когда на сервере задан TELEGRAM_BOT_TOKEN (токен бота студии от @BotFather); затем клиенты подключают свой чат из карточки.',
                sender: 'От %{sender}',
                last_failure: 'Последняя ошибка %{at}: %{error}',
                test_to: 'Отправить проверочное сообщение на',
                test_customer: 'Отправить проверочное сообщение клиенту',
                test_customer_help: 'В списке только клиенты, подключившие Telegram',
                no_linked_customers: 'Не найдено клиентов, подключивших Telegram',
                send_test: 'Проверить',
                test_sent: 'Проверочное сообщение ушло: загляните в этот ящик',
                test_sent_telegram: 'Проверочное сообщение ушло: загляните в Telegram клиента',
                quiet_hours_help:
                    'ЧЧ:ММ-ЧЧ:ММ, например 22:00-09:00: сообщения на это время ждут утра; пусто — без тихих часов',
            },
            telegram: {
                linked: 'Telegram подключён',
                not_linked: 'Telegram не подключён',
                linked_help: 'Сообщения приходят клиенту в Telegram. Новая ссылка переносит их в другой чат.',
                not_linked_help: 'Дайте клиенту ссылку: он откроет её в Telegram и нажмёт «Старт».',
                link: 'Подключить Telegram',
                dialog_title: 'Подключить Telegram',
                dialog_text:
                    'Передайте эту ссылку клиенту: он откроет её в Telegram и нажмёт «Старт», и сообщения студии будут приходить в этот чат. Ссылка срабатывает один раз.',
                address: 'Ссылка для клиента',
                copy: 'Скопировать ссылку',
                copied: 'Ссылка скопирована',
                copy_by_hand: 'Выделите ссылку и скопируйте её вручную',
                open: 'Открыть в Telegram',
                expires: 'Действует до %{at}',
                not_configured_title: 'Telegram не настроен на этом сервере',
                not_configured_text:
                    'Администратор задаёт на сервере TELEGRAM_BOT_TOKEN (токен бота студии от @BotFather); после этого клиенты смогут подключить Telegram.',
                failed: 'Не удалось создать ссылку: %{error}',
            },
            notices: { resent: 'Снова в очереди: уйдёт через минуту' },
            errors: {
                not_resendable: 'Снова отправить можно только недоставленное сообщение: у пропущенного не было канала',
                not_configured: 'Этот канал не настроен на сервере',
                not_linked: 'Этот клиент не подключил Telegram',
            },
        },
    },
} satisfies Catalogue<typeof english>;
