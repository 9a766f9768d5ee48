/** The server's periodic jobs: their names, fields and states, as admins read them. */
export const messages = {
    resources: {
        jobs: {
            name: 'Job |||| Jobs',
            fields: {
                id: 'Id',
                createdAt: 'Created',
                name: 'Job',
                runAt: 'Next run',
                lastStartedAt: 'Last started',
                lastFinishedAt: 'Last finished',
                lastError: 'Last error',
                runs: 'Runs',
                leaseUntil: 'Being run until',
            },
        },
    },
    app: {
        menu: { jobs: 'Server jobs' },
        collections: { jobs: '%{smart_count} job |||| %{smart_count} jobs' },
        jobs: {
            help: 'The server’s own work, each job run again and again: when it runs next and how its last run went. The server alone changes them.',
            names: {
                send_messages: 'Sending messages',
                close_classes: 'Closing classes',
                reminders: 'Reminders',
                pass_notices: 'Pass notices',
            },
            state: 'State',
            states: {
                running: 'Running',
                failed: 'Failed',
                ok: 'OK',
                never: 'Not run yet',
            },
        },
    },
};
