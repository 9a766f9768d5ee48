import type { Catalogue } from '../catalogue';
import type { payPeriodMessages as english } from '../en/payPeriods';

/** Closed pay periods: closing and reopening a teacher's pay, and the adjustments paid after. */
export const payPeriodMessages = {
    resources: {
        payPeriods: {
            fields: {
                id: 'Id',
                createdAt: 'Закрыт',
                teacherId: 'Преподаватель',
                startsOn: 'С',
                endsOn: 'По',
                classes: 'Проведено занятий',
                visits: 'Посещения',
                total: 'Итого',
                lines: 'Занятия',
                adjustments: 'Корректировки',
                adjustedOn: 'Последняя корректировка',
                closedBy: 'Кто закрыл',
                closedByName: 'Кто закрыл',
                reopenedAt: 'Открыт заново',
                reopenedBy: 'Кто открыл заново',
                reopenedByName: 'Кто открыл заново',
            },
        },
    },
    app: {
        collections: {
            payPeriods:
                '%{smart_count} закрытый период оплаты |||| %{smart_count} закрытых периода оплаты |||| %{smart_count} закрытых периодов оплаты',
        },
        pay_periods: {
            close: 'Закрыть период',
            close_title: 'Закрыть оплату: %{name}, %{from} – %{to}?',
            close_all_title: 'Закрыть оплату всех преподавателей за %{from} – %{to}?',
            close_content:
                'Цифры сохранятся такими, как сейчас. Преподаватели больше не смогут менять отметки этих занятий; изменение менеджера будет оплачено корректировкой в периоде, когда оно сделано. Администратор может открыть период заново.',
            closed_done: 'Период закрыт',
            closed_all:
                'Закрыто для %{smart_count} преподавателя |||| Закрыто для %{smart_count} преподавателей |||| Закрыто для %{smart_count} преподавателей',
            skipped: 'Часть дней уже была закрыта: %{names}',
            closed: 'Закрыт период %{from} – %{to}: %{total}, %{name}, %{date}',
            reopened: 'Период %{from} – %{to} открыт заново: %{name}, %{date}',
            reopen: 'Открыть заново',
            reopen_title: 'Открыть заново оплату за %{from} – %{to}?',
            reopen_content:
                'Его занятия будут оплачены такими, какие они сейчас, а записанные для него корректировки перестанут учитываться.',
            reopened_done: 'Период открыт заново',
            closed_class: 'Оплачено в закрытом периоде',
            closed_state: 'Закрыт',
            adjustments: 'Корректировки закрытых периодов',
            adjustments_help:
                'Изменения занятий закрытых периодов, сделанные в этом периоде: оплачиваются сейчас, а цифры закрытых периодов остаются прежними.',
            adjustments_total: 'в том числе корректировки',
            adjustments_short: 'Корректировки',
            class: 'Занятие',
            changed: 'Изменено',
            changed_by: '%{name}, %{date}',
            changed_by_server: 'Закрыто автоматически после занятия, %{date}',
        },
        timetable: {
            roster: {
                pay_closed: 'Оплата за %{from} – %{to} закрыта: попросите менеджера изменить эти отметки.',
                pay_closed_manager:
                    'Оплата за %{from} – %{to} закрыта: изменение этих отметок будет оплачено корректировкой в текущем периоде.',
            },
        },
        validation: {
            pay_close_past: 'Закрыть можно только прошедшие дни',
            pay_close_twice: 'Часть дней этого периода уже закрыта',
            pay_open: 'Этот период уже открыт',
            pay_reopen_later: 'Закрыт более поздний период этого преподавателя: сначала откройте его',
            pay_closed: 'Оплата за это занятие закрыта: попросите менеджера изменить отметки',
        },
    },
} satisfies Catalogue<typeof english>;
