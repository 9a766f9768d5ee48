import type { Catalogue } from '../catalogue';
import type { timetableMessages as english } from '../en/timetable';

/** The timetable: groups, classes, the roster, teacher pay and the attendance journal. */
export const timetableMessages = {
    resources: {
        attendances: { fields: { teacherId: 'Преподаватель', courseId: 'Курс', date: 'Дата занятия' } },
        configs: { fields: { teacherEditDays: 'Преподаватель меняет отметки в течение, дней после занятия' } },
    },
    app: {
        timetable: {
            views: { list: 'Список', week: 'Неделя' },
            edit: {
                button: 'Изменить занятие',
                title: 'Перенести или изменить занятие',
                clash_teacher: 'У преподавателя уже есть занятие %{when}.',
                clash_studio: 'Зал занят другим занятием %{when}.',
                open_clash: 'Открыть это занятие',
            },
            week: { previous: 'Предыдущая неделя', next: 'Следующая неделя' },
            generate: {
                title: 'Создать занятия',
                button: 'Создать',
                created:
                    'Добавлено %{smart_count} занятие. |||| Добавлено %{smart_count} занятия. |||| Добавлено %{smart_count} занятий.',
                skipped: 'Пропущено: %{smart_count}. |||| Пропущено: %{smart_count}. |||| Пропущено: %{smart_count}.',
                reasons: {
                    exists: 'уже есть',
                    teacher_clash: '%{teacher} ведёт «%{course}» в %{time} в зале «%{studio}»',
                    studio_clash: 'Зал «%{studio}» занят: %{teacher} ведёт там «%{course}» в %{time}',
                },
                all: {
                    button: 'Создать для всех групп',
                    title: 'Создать занятия всех активных групп',
                    intro: 'Добавляет занятия каждой активной группы за период; уже созданные занятия остаются.',
                    total: 'Всего добавлено %{smart_count} занятие. |||| Всего добавлено %{smart_count} занятия. |||| Всего добавлено %{smart_count} занятий.',
                    group: 'Группа',
                    added: 'Добавлено',
                    skipped: 'Пропущено',
                    none: 'Активных групп нет.',
                    close: 'Закрыть',
                },
            },
            roster: {
                count: 'Посещений: %{visits} / %{capacity}',
                cancel_event: 'Отменить занятие',
                reinstate: 'Вернуть занятие',
                cancelled: 'Занятие отменено: отметки не ставятся и не списываются.',
                future: 'Занятие будет %{date}: отмечать можно с этого дня.',
                locked: 'Отметки закрыты: преподаватель меняет их %{smart_count} день после занятия (до %{date}). Изменить их может менеджер. |||| Отметки закрыты: преподаватель меняет их %{smart_count} дня после занятия (до %{date}). Изменить их может менеджер. |||| Отметки закрыты: преподаватель меняет их %{smart_count} дней после занятия (до %{date}). Изменить их может менеджер.',
                cancel_confirm_title: 'Отменить занятие?',
                cancel_confirm:
                    'Списаний за него не будет. Абонементам вернётся %{smart_count} посещение. |||| Списаний за него не будет. Абонементам вернутся %{smart_count} посещения. |||| Списаний за него не будет. Абонементам вернутся %{smart_count} посещений.',
                keep_event: 'Оставить занятие',
                not_found: 'Такого занятия нет.',
                walk_in: 'разово',
                unlimited: 'безлимит',
                visits_left:
                    'остался %{smart_count} визит |||| осталось %{smart_count} визита |||| осталось %{smart_count} визитов',
                charged: 'списано',
                pass: 'Абонемент',
                no_pass: 'Нет абонемента',
                debt: 'Долг',
                clear: 'Снять отметку',
                other_marks: 'Другие отметки: %{name}',
                mark_as: 'Отметить %{name}: %{status}',
                empty: 'В занятии пока никого нет: добавьте ниже.',
                add_walk_in: 'Добавить по имени',
                nobody: 'Никого не найдено',
                type_more: 'Введите хотя бы 2 буквы',
            },
            pay: {
                title: 'Занятия и оплата: %{name}',
                visits: 'Посещения',
                pay: 'Оплата',
                total: 'Итого',
                empty: 'В этом периоде занятий нет.',
                rates: 'Ставки оплаты',
                rates_help:
                    'Каждое занятие оплачивается по ставке, действующей на его дату. Ставки, действовавшие до сегодня, не меняются; чтобы изменить оплату, добавьте ставку с сегодняшнего или более позднего дня.',
                from: 'С даты',
                from_beginning: 'с самого начала',
                from_date: 'с %{date}',
                bonus: 'Бонус за посещение',
                threshold: 'Бонус сверх, посещений',
                minimum: 'Не меньше, за занятие',
                direction: 'Только направление',
                course: 'Только курс',
                bonus_text: '+ %{bonus} за посещение сверх %{threshold}',
                minimum_text: 'не меньше %{minimum}',
                only_text: 'только %{name}',
            },
            journal: {
                open: 'Журнал посещений',
                title: 'Журнал посещений',
                month: 'Месяц',
                print: 'Печать',
                csv: 'CSV',
                total: 'Итого',
                empty: 'В этом месяце у группы нет занятий.',
            },
        },
        validation: {
            event_cancelled: 'Занятие отменено: отмечать на нём нельзя',
            event_future: 'Занятие ещё не прошло: отмечать можно с его дня',
            teacher_window:
                'Преподаватель меняет отметки %{smart_count} день после занятия: обратитесь к менеджеру |||| Преподаватель меняет отметки %{smart_count} дня после занятия: обратитесь к менеджеру |||| Преподаватель меняет отметки %{smart_count} дней после занятия: обратитесь к менеджеру',
            teacher_clash: 'У преподавателя в это время другое занятие',
            studio_clash: 'Зал в это время занят другим занятием',
            period_too_long: 'Период не может быть длиннее года',
            month: 'Укажите месяц в виде ГГГГ-ММ',
        },
    },
} satisfies Catalogue<typeof english>;
