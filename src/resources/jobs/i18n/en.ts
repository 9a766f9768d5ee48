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
                lastStartedAt: 'Last worked',
                lastFinishedAt: 'Finished',
                lastError: 'Last error',
                runs: 'Runs that worked',
                leaseUntil: 'Being run until',
            },
        },
    },
    app: {
        menu: { jobs: 'Server jobs' },
        collections: { jobs: '%{smart_count} job |||| %{smart_count} jobs' },
        jobs: {
            help: 'The server’s own work, each job run every few seconds or minutes. A run is recorded when it did something (sent, closed, queued) or failed; runs with nothing to do are not. The server alone changes them.',
            names: {
                send_messages: 'Sending messages',
                close_classes: 'Closing classes',
                reminders: 'Reminders',
                pass_notices: 'Pass notices',
                penalties: 'Applying penalties',
                payments: 'Online payments',
                memberships: 'Memberships: notices and charges',
            },
            state: 'State',
            due_now: 'Due now',
            states: {
                running: 'Running',
                failed: 'Failed',
                ok: 'OK',
                never: 'Nothing done yet',
            },
        },
    },
};
