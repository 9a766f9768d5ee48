/** Staff's tasks: the list, the form, closing one, the customer's card and the dashboard's "My tasks". */
export const messages = {
    resources: {
        tasks: {
            name: 'Task |||| Tasks',
            fields: {
                id: 'Task',
                title: 'What to do',
                kind: 'Kind',
                customerId: 'Customer',
                leadId: 'Lead',
                membershipId: 'Membership',
                assigneeId: 'Person',
                assigneeRole: 'Queue',
                dueAt: 'Due',
                status: 'State',
                note: 'Note',
                source: 'Made by',
                doneAt: 'Closed at',
                doneBy: 'Closed by',
                createdAt: 'Made at',
                createdBy: 'Made by',
                mine: 'Mine and my queue',
                overdue: 'Overdue only',
                assignee: 'Whose',
            },
        },
    },
    app: {
        menu: { tasks: 'Tasks' },
        history: { collections: { tasks: 'Task' } },
        collections: { tasks: '%{smart_count} task |||| %{smart_count} tasks' },
        tasks: {
            kinds: { call: 'Call', message: 'Message', other: 'Other' },
            sources: {
                manual: 'Staff',
                lead: 'A lead',
                retention: 'Retention',
                membership: 'A membership',
                erasure: 'An erasure request',
            },
            statuses: { open: 'Open', done: 'Done', skipped: 'Skipped' },
            /** A role's queue: a task anyone of that role may take. */
            queues: { admin: 'Admins’ queue', manager: 'Managers’ queue', teacher: 'Teachers’ queue' },
            assign: {
                label: 'Give to',
                user: 'A person',
                role: 'A role’s queue',
                help: 'Given to no one, a task waits in the managers’ queue',
            },
            overdue: 'Overdue',
            errors: {
                one_assignee: 'Give the task to a person or to a queue, not both',
                inactive_assignee: 'This person is switched off: give the task to someone active',
                closed: 'This task is closed: only its note can change',
                not_open: 'This task is already closed',
            },
            close: {
                done: 'Done',
                skip: 'Skip',
                title_done: 'Mark the task done',
                title_skip: 'Skip the task',
                note_help: 'What came of it (kept on the task)',
                done_notice: 'Task done',
                skipped_notice: 'Task skipped',
            },
            /** When a closed task was closed, and by whom. */
            closed_by: '%{status} %{date} by %{name}',
            dashboard: {
                title: 'My tasks',
                hint: 'Mine and my role’s queue, the overdue first',
                none: 'Nothing to do',
                all: 'All tasks',
                more: 'and %{smart_count} more',
            },
            card: { title: 'Tasks', none: 'No open tasks', make: 'Make a task' },
        },
    },
};
