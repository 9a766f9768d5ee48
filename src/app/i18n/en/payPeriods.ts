/** Closed pay periods: closing and reopening a teacher's pay, and the adjustments paid after. */
export const payPeriodMessages = {
    resources: {
        payPeriods: {
            fields: {
                id: 'Id',
                createdAt: 'Closed at',
                teacherId: 'Teacher',
                startsOn: 'From',
                endsOn: 'To',
                classes: 'Classes held',
                visits: 'Visits',
                total: 'Total',
                lines: 'Classes',
                adjustments: 'Adjustments',
                adjustedOn: 'Last adjusted on',
                closedBy: 'Closed by',
                closedByName: 'Closed by',
                reopenedAt: 'Reopened at',
                reopenedBy: 'Reopened by',
                reopenedByName: 'Reopened by',
            },
        },
    },
    app: {
        collections: { payPeriods: '%{smart_count} closed pay period |||| %{smart_count} closed pay periods' },
        pay_periods: {
            close: 'Close period',
            close_title: 'Close the pay of %{name} for %{from} – %{to}?',
            close_all_title: 'Close the pay of every teacher for %{from} – %{to}?',
            close_content:
                'The figures are kept as they are now. Teachers can no longer change the marks of these classes; a manager’s change is paid as an adjustment in the period of the change. An admin can reopen the period.',
            closed_done: 'The period is closed',
            closed_all: 'Closed for %{smart_count} teacher |||| Closed for %{smart_count} teachers',
            skipped: 'Some days were closed already for: %{names}',
            closed: 'Closed %{from} – %{to}: %{total}, by %{name} on %{date}',
            reopened: 'Reopened %{from} – %{to} by %{name} on %{date}',
            reopen: 'Reopen',
            reopen_title: 'Reopen the pay for %{from} – %{to}?',
            reopen_content:
                'Its classes will be paid as they are now, and the adjustments recorded for it will no longer count.',
            reopened_done: 'The period is reopened',
            closed_class: 'Paid in a closed period',
            closed_state: 'Closed',
            adjustments: 'Adjustments to closed periods',
            adjustments_help:
                'Changes made in this period to classes of closed periods: paid now, while the closed figures stay as they were.',
            adjustments_total: 'including adjustments',
            adjustments_short: 'Adjustments',
            class: 'Class',
            changed: 'Changed',
            changed_by: '%{name}, %{date}',
            changed_by_server: 'Closed by itself after the class, %{date}',
        },
        timetable: {
            roster: {
                pay_closed: 'The pay for %{from} – %{to} is closed: ask a manager to change these marks.',
                pay_closed_manager:
                    'The pay for %{from} – %{to} is closed: a change of these marks is paid as an adjustment in the current period.',
            },
        },
        validation: {
            pay_close_past: 'Only days before today can be closed',
            pay_close_twice: 'Some days of this period are closed already',
            pay_open: 'This period is open already',
            pay_reopen_later: 'A later period of this teacher is closed: reopen it first',
            pay_closed: 'The pay for this class is closed: ask a manager to change its marks',
        },
    },
};
