/** Messages to customers: the outbox, its kinds and states, and a customer's choices. */
export const messages = {
    resources: {
        messages: {
            name: 'Message |||| Messages',
            fields: {
                id: 'Message',
                createdAt: 'Queued at',
                customerId: 'Customer',
                channel: 'Channel',
                kind: 'About',
                dedupeKey: 'Key',
                locale: 'Language',
                subject: 'Subject',
                text: 'Text',
                status: 'Status',
                attempts: 'Tries',
                sendAt: 'Due at',
                sentAt: 'Sent at',
                error: 'Reason',
                leaseUntil: 'Being sent until',
            },
        },
        customers: {
            fields: {
                locale: 'Language of messages',
                notify: 'Messages they take',
            },
        },
    },
    app: {
        menu: { messages: 'Messages' },
        collections: { messages: '%{smart_count} message |||| %{smart_count} messages' },
        messages: {
            title: 'Messages',
            none: 'No messages yet.',
            tries: '%{smart_count} try |||| %{smart_count} tries',
            reason: 'Why: %{reason}',
            studio_language: "The studio's language",
            takes: {
                email: 'Takes e-mail',
                telegram: 'Takes Telegram',
                help: 'Turn a kind off to stop those messages; sign-in codes always go.',
            },
            reasons: {
                opted_out: 'the customer turned this kind of message off',
                no_channel:
                    'the customer has no channel that takes messages: no linked Telegram chat and no e-mail they take',
                not_configured: 'no channel the customer takes is set up on this server (e-mail needs SMTP_URL)',
            },
            statuses: {
                queued: 'Queued',
                sent: 'Sent',
                failed: 'Failed',
                skipped: 'Skipped',
                withdrawn: 'Withdrawn',
            },
            channels: { telegram: 'Telegram', email: 'E-mail' },
            kinds: {
                sign_in: 'Sign-in code',
                booked: 'Booked',
                promoted: 'Moved up from the line',
                seat_free: 'A seat came free',
                reminder: 'Reminder',
                class_cancelled: 'Class cancelled',
                low_visits: 'Few visits left',
                expiring: 'Pass ends soon',
                payment: 'Payment received',
                penalty: 'Penalty',
                test: 'Test message',
            },
            actions: { resend: 'Send again' },
            notices: { resent: 'Queued again: it goes out in a moment' },
            errors: { not_resendable: 'Only a failed or skipped message is sent again' },
        },
    },
};
