/** Leads: the list, the form, a duplicate phone, and a second trial refused at the desk. */
export const messages = {
    resources: {
        leads: {
            name: 'Lead |||| Leads',
            fields: {
                id: 'Lead',
                name: 'Name',
                phone: 'Phone',
                email: 'E-mail',
                childName: 'Child’s name',
                directionId: 'Direction',
                source: 'Source',
                utm: 'Campaign',
                referrerId: 'Referred by',
                status: 'Status',
                lostReason: 'Why lost',
                ownerId: 'Owner',
                customerId: 'Customer',
                notes: 'Notes',
                wonAt: 'Won at',
                createdAt: 'Created',
            },
            page: { create: 'New lead' },
            notifications: { created: 'Lead %{name} added', updated: 'Lead %{name} saved' },
        },
    },
    app: {
        menu: { leads: 'Leads' },
        history: { collections: { leads: 'Lead' } },
        collections: { leads: '%{smart_count} lead |||| %{smart_count} leads' },
        leads: {
            create: 'New lead',
            statuses: {
                new: 'New',
                contacted: 'Contacted',
                trial_booked: 'Trial booked',
                trial_done: 'Trial done',
                won: 'Won',
                lost: 'Lost',
            },
            sources: {
                trial_page: 'Trial page',
                portal: 'Signed up online',
                phone: 'Phone call',
                walk_in: 'Walked in',
                referral: 'Referral',
                import: 'Import',
                other: 'Other',
            },
            status_help: {
                trial_booked: 'Set by the trial booking; you may still mark the lead lost',
                trial_done: 'Set when the trial class closed; you may still mark the lead lost',
            },
            won_help: 'A paid pass won this lead: only its owner and notes change now',
            child_help: 'When the lessons are for a child',
            any_direction: 'Not chosen yet',
            customer: 'Customer:',
            referrer: 'Referred by:',
            campaign: 'Campaign: %{campaign}',
            duplicate_found: 'An open lead has this phone already: |||| Open leads have this phone already:',
            duplicate_hint: 'If it is the same person, open that lead instead; otherwise save this one anyway.',
            save_anyway: 'Save anyway',
            errors: {
                won: 'This lead is won: only its notes and owner can change',
                duplicate: 'An open lead has this phone already',
                status_by_server: 'The studio sets this status by itself (a trial booked or done, a paid pass)',
            },
        },
        money: {
            errors: { trial_used: 'This person has had a trial already' },
            trial: {
                sell_anyway_help:
                    'This person has had a trial already. Sell it anyway only if the studio gives them another.',
            },
        },
    },
};
