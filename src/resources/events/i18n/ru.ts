import type { Catalogue } from '../../../app/i18n/catalogue';
import type { messages as english } from './en';

/** Занятия: места в списке и кому сообщат об отмене занятия. */
export const messages = {
    resources: {
        events: { fields: { booked: 'Записано' } },
    },
    app: {
        history: { collections: { events: 'Занятие' } },
        timetable: {
            notices: {
                loading: 'Смотрим, кому сообщить…',
                nobody_booked: 'Никто не записан и не стоит в очереди: сообщать некому.',
                told: 'Об отмене узнает %{smart_count} человек из записанных и очереди: |||| Об отмене узнают %{smart_count} человека из записанных и очереди: |||| Об отмене узнают %{smart_count} человек из записанных и очереди:',
                unreachable:
                    '%{smart_count} из них не получит сообщения: позвоните. |||| %{smart_count} из них не получат сообщения: позвоните. |||| %{smart_count} из них не получат сообщения: позвоните.',
                nobody_reachable: 'Никому из них сообщение не дойдёт: позвоните.',
                in_line: 'в очереди',
                by: { email: 'по e-mail', telegram: 'в Telegram' },
                to_guardian: 'для %{name}',
                cannot: 'без сообщения: %{reason}',
                reasons: {
                    opted_out: 'такие сообщения отключены',
                    no_channel: 'нет ни e-mail, ни Telegram',
                    not_configured: 'его канал не настроен на сервере',
                },
                no_phone: 'нет телефона',
                unreached_title: 'Не получили сообщение об отмене: позвоните',
                unreached_intro: 'Сообщение об отмене не дошло до этих людей (или до тех, кто читает их сообщения):',
                everyone_told:
                    'Сообщение об отмене ушло всем записанным и из очереди (%{smart_count} сообщение). |||| Сообщение об отмене ушло всем записанным и из очереди (%{smart_count} сообщения). |||| Сообщение об отмене ушло всем записанным и из очереди (%{smart_count} сообщений).',
                still_sending:
                    'Ещё отправляется %{smart_count} сообщение. |||| Ещё отправляются %{smart_count} сообщения. |||| Ещё отправляются %{smart_count} сообщений.',
                failed: 'не отправлено: %{error}',
                skipped: 'не отправлено: %{reason}',
                call: 'Позвонить: %{name}',
            },
        },
    },
} satisfies Catalogue<typeof english>;
