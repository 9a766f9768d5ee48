/** Classes: seats on the list, and who hears that a class is cancelled. */
export const messages = {
    resources: {
        events: { fields: { booked: 'Booked' } },
    },
    app: {
        history: { collections: { events: 'Class' } },
        timetable: {
            notices: {
                loading: 'Finding who will be told…',
                nobody_booked: 'Nobody is booked or in line: there is nobody to tell.',
                told: '%{smart_count} person booked or in line will be told that the class is cancelled: |||| %{smart_count} people booked or in line will be told that the class is cancelled:',
                unreachable:
                    '%{smart_count} of them cannot be reached by a message: phone them. |||| %{smart_count} of them cannot be reached by a message: phone them.',
                nobody_reachable: 'None of them can be reached by a message: phone them.',
                in_line: 'in line',
                by: { email: 'by e-mail', telegram: 'by Telegram' },
                to_guardian: 'to %{name}',
                cannot: 'no message: %{reason}',
                reasons: {
                    opted_out: 'turned these messages off',
                    no_channel: 'no e-mail or Telegram',
                    not_configured: 'their channel is not set up on this server',
                },
                no_phone: 'no phone',
                unreached_title: 'Not reached by the cancellation: phone them',
                unreached_intro:
                    'The message that the class is cancelled did not reach these people (or whoever reads their messages):',
                everyone_told:
                    'The cancellation went to everyone booked or in line (%{smart_count} message). |||| The cancellation went to everyone booked or in line (%{smart_count} messages).',
                still_sending:
                    '%{smart_count} message is still being sent. |||| %{smart_count} messages are still being sent.',
                failed: 'failed: %{error}',
                skipped: 'not sent: %{reason}',
                call: 'Call %{name}',
            },
        },
    },
};
