import { defineMessages } from './define';

/** The timetable: groups, classes, the roster, teacher pay and the attendance journal. */
export const timetableMessages = defineMessages(
    {
        resources: {
            attendances: { fields: { teacherId: 'Teacher', courseId: 'Course', date: 'Class date' } },
        },
        app: {
            timetable: {
                views: { list: 'List', week: 'Week' },
                week: { previous: 'Previous week', next: 'Next week' },
                generate: {
                    title: 'Generate classes',
                    button: 'Generate',
                    created: '%{smart_count} class added. |||| %{smart_count} classes added.',
                    skipped: '%{smart_count} skipped. |||| %{smart_count} skipped.',
                    reasons: {
                        exists: 'already there',
                        teacher_clash: 'the teacher is busy with another class',
                        studio_clash: 'the studio is taken by another class',
                    },
                },
                roster: {
                    count: 'Visits: %{visits} / %{capacity}',
                    cancel_event: 'Cancel class',
                    reinstate: 'Reinstate class',
                    cancelled: 'This class is cancelled: nobody is marked or charged.',
                    walk_in: 'walk-in',
                    unlimited: 'unlimited',
                    visits_left: '%{smart_count} visit left |||| %{smart_count} visits left',
                    charged: 'charged',
                    no_pass: 'No pass',
                    debt: 'Debt',
                    clear: 'Remove the mark',
                    empty: 'Nobody is in this class yet: add someone below.',
                    add_walk_in: 'Add someone (name or phone)',
                    nobody: 'Nobody found',
                    type_more: 'Type at least 2 letters',
                },
                pay: {
                    title: 'Classes and pay: %{name}',
                    visits: 'Visits',
                    pay: 'Pay',
                    total: 'Total',
                    empty: 'No classes in this period.',
                },
                journal: {
                    open: 'Attendance journal',
                    title: 'Attendance journal',
                    month: 'Month',
                    print: 'Print',
                    csv: 'CSV',
                    total: 'Total',
                    empty: 'The group has no classes this month.',
                },
            },
            validation: {
                event_cancelled: 'The class is cancelled: nobody can be marked on it',
                teacher_clash: 'The teacher has another class at this time',
                studio_clash: 'The studio is taken by another class at this time',
                period_too_long: 'The period must be at most a year',
                month: 'Enter a month as YYYY-MM',
            },
        },
    },
    {
        resources: {
            attendances: { fields: { teacherId: 'Преподаватель', courseId: 'Курс', date: 'Дата занятия' } },
        },
        app: {
            timetable: {
                views: { list: 'Список', week: 'Неделя' },
                week: { previous: 'Предыдущая неделя', next: 'Следующая неделя' },
                generate: {
                    title: 'Создать занятия',
                    button: 'Создать',
                    created: 'Добавлено %{smart_count} занятие. |||| Добавлено %{smart_count} занятия. |||| Добавлено %{smart_count} занятий.',
                    skipped: 'Пропущено: %{smart_count}. |||| Пропущено: %{smart_count}. |||| Пропущено: %{smart_count}.',
                    reasons: {
                        exists: 'уже есть',
                        teacher_clash: 'преподаватель занят на другом занятии',
                        studio_clash: 'зал занят другим занятием',
                    },
                },
                roster: {
                    count: 'Посещений: %{visits} / %{capacity}',
                    cancel_event: 'Отменить занятие',
                    reinstate: 'Вернуть занятие',
                    cancelled: 'Занятие отменено: отметки не ставятся и не списываются.',
                    walk_in: 'разово',
                    unlimited: 'безлимит',
                    visits_left: 'остался %{smart_count} визит |||| осталось %{smart_count} визита |||| осталось %{smart_count} визитов',
                    charged: 'списано',
                    no_pass: 'Нет абонемента',
                    debt: 'Долг',
                    clear: 'Снять отметку',
                    empty: 'В занятии пока никого нет: добавьте ниже.',
                    add_walk_in: 'Добавить (имя или телефон)',
                    nobody: 'Никого не найдено',
                    type_more: 'Введите хотя бы 2 буквы',
                },
                pay: {
                    title: 'Занятия и оплата: %{name}',
                    visits: 'Посещения',
                    pay: 'Оплата',
                    total: 'Итого',
                    empty: 'В этом периоде занятий нет.',
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
                teacher_clash: 'У преподавателя в это время другое занятие',
                studio_clash: 'Зал в это время занят другим занятием',
                period_too_long: 'Период не может быть длиннее года',
                month: 'Укажите месяц в виде ГГГГ-ММ',
            },
        },
    },
);
