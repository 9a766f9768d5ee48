/** The settings screens: users, catalogue, status lists, general settings. */
export const settingsMessages = {
    resources: {
        'settings/users': { page: { create: 'New user', edit: 'User “%{recordRepresentation}”' } },
        'settings/courses': {
            page: {
                create: 'New course',
                edit: 'Course “%{recordRepresentation}”',
                show: 'Course “%{recordRepresentation}”',
            },
        },
        'settings/studios': {
            page: {
                create: 'New studio',
                edit: 'Studio “%{recordRepresentation}”',
                show: 'Studio “%{recordRepresentation}”',
            },
        },
        'settings/directions': {
            page: {
                create: 'New direction',
                edit: 'Direction “%{recordRepresentation}”',
                show: 'Direction “%{recordRepresentation}”',
            },
        },
        'settings/subscriptions': {
            page: {
                create: 'New subscription plan',
                edit: 'Plan “%{recordRepresentation}”',
                show: 'Plan “%{recordRepresentation}”',
            },
        },
        statuses: { fields: { labels: { en: 'Label in English', ru: 'Label in Russian' } } },
    },
    app: {
        configs: {
            sections: {
                studio: 'The studio',
                booking: 'Classes and booking',
                messages: 'Messages',
                payments: 'Payments and receipts',
                penalties: 'Penalties',
                passes: 'Passes on the dashboard',
            },
            quiet_hours: {
                from: 'Quiet hours from',
                to: 'Quiet hours until',
                help: 'Reminders and notices due then wait until the quiet hours end; sign-in codes always go.',
                none: 'No quiet hours: messages go out at any hour.',
            },
        },
        sign_in_hold: {
            held: 'Sign-in held since %{since} after %{failures} failed sign-ins: only addresses this user signed in from recently may sign in. It ends an hour after the last failure.',
            release: 'Release',
            released: 'Sign-in released',
        },
        plans: { visits_column: 'Visits', directions_column: 'Directions', for_direction: 'For direction' },
        settings: {
            delete_title: 'Delete “%{name}”?',
            delete_content: 'This cannot be undone.',
            not_deleted: 'Not deleted',
            deactivate_hint:
                'You can deactivate it instead: it stays in the records that use it, but is no longer offered for new ones.',
            deactivate: 'Deactivate instead',
            deactivated: 'Deactivated',
            pick_color: 'Pick a colour',
            no_color: 'No colour',
            new_password: 'New password',
            new_password_help: 'Leave empty to keep the current password; at least 8 characters',
            add_status: 'Add status',
            edit_status: 'Edit status',
            edit_named: 'Edit %{label}',
            move_up: 'Move up',
            move_down: 'Move down',
            move_up_named: 'Move %{label} up',
            move_down_named: 'Move %{label} down',
            is_default: 'Default: new records get this status',
            is_default_named: '%{label} is the default',
            make_default: 'Make default',
            make_default_named: 'Make %{label} the default',
            code_help: 'Latin letters, digits, "-" and "_"; it cannot be changed later',
            code_fixed: 'Records refer to the status by its code, so it does not change',
            charges_help: 'This mark uses up a visit of the pass',
            code_in_use: 'This status is in use: its code cannot change',
            status_list_fixed: 'A status stays in its list',
            reorder_mismatch: 'The list changed meanwhile: reload the page and try again',
        },
    },
};
