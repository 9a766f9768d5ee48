/** Consents: the customer's card, the desk's new customer, the settings' texts and the dashboard. */
export const messages = {
    resources: {
        consents: {
            name: 'Consent |||| Consents',
            fields: {
                id: 'Consent',
                createdAt: 'Recorded at',
                customerId: 'Customer',
                kind: 'Consent',
                textVersion: 'Text version',
                text: 'Text as shown',
                terms: 'Terms',
                at: 'Given at',
                source: 'Given through',
                ip: 'From address',
                revokedAt: 'Revoked at',
            },
        },
        configs: { fields: { consentTexts: 'Consent texts' } },
    },
    app: {
        history: { collections: { consents: 'Consent' } },
        collections: { consents: '%{smart_count} consent |||| %{smart_count} consents' },
        consents: {
            kinds: {
                personal_data: 'Personal data',
                marketing: 'Offers by message',
                autopay: 'Autopay',
            },
            sources: {
                portal: 'Portal',
                trial: 'Trial page',
                desk: 'Desk',
                import: 'Earlier records',
                payment_page: 'Payment page',
            },
            personal_data_required: 'The customer must agree to the processing of their personal data',
            autopay_at_desk: 'An autopay consent is given on the payment page, on its terms',
            already_given: 'This customer has agreed to offers already',
            ask: {
                button: 'Ask about offers',
                title: 'May we send offers?',
                text: '%{name} gets one message asking whether they take our offers by message, with a link that says yes in one tap in their portal. It may be asked once in 90 days.',
                send: 'Send the question',
                sent: 'The question went by %{channel}',
                refused: {
                    consented: 'The customer takes offers by message already',
                    asked: 'The customer was asked about offers in the last 90 days',
                    opted_out: 'The customer turned these messages off',
                    no_channel: 'No message reaches the customer: add an e-mail or link Telegram',
                    not_configured: 'The customer’s channel is not set up on this server',
                },
            },
            card: {
                title: 'Consents',
                none: 'No consent recorded',
                revoked: 'revoked %{date}',
                version: 'text v%{version}',
            },
            create: {
                personal_data: 'The customer agrees to the processing of their personal data',
                personal_data_help: 'Required: give them the consent text to read or sign',
                marketing: 'The customer agrees to receive offers by message',
            },
            settings: {
                title: 'Consents',
                help: 'What customers agree to. %{studio} stands for the studio’s name. Changed words take the next version; consents already given keep the words they were given to.',
                version: 'Version %{version}',
                en: 'In English',
                ru: 'In Russian',
            },
            dashboard: {
                title: 'Consents',
                personal_data: 'Customers who agreed to the processing of personal data',
                marketing: 'Customers who take offers by message',
            },
        },
    },
};
