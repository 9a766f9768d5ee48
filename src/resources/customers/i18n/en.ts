/** Personal data on the customer's card: the export, the erasure and an erased card. */
export const messages = {
    resources: {
        customers: { fields: { erasedAt: 'Personal data erased at' } },
    },
    app: {
        privacy: {
            export: {
                button: 'Export data',
                done: 'The customer’s data is downloaded: %{name}',
                failed: 'The data could not be exported: %{message}',
            },
            erase: {
                button: 'Erase personal data',
                title: 'Erase %{name}’s personal data',
                explain:
                    'The name, phone, e-mail, birth date, notes, messages and the links to the portal and Telegram are erased for good, here and in the history of changes.',
                kept: 'Passes, payments and visits stay, under an anonymous card, as the tax law requires; the studio’s income does not change.',
                undone: 'This cannot be undone.',
                continue: 'Continue',
                confirm_hint: 'To confirm, type the customer’s last name: %{lastName}',
                confirm_label: 'Last name',
                submit: 'Erase for good',
                checking: 'Checking what keeps the data…',
                blocked_title: 'The data cannot be erased yet',
                blocked_hint: 'Close these first, then erase:',
                blockers: {
                    membership: 'an active membership |||| %{smart_count} active memberships',
                    booking: '%{smart_count} booked class ahead |||| %{smart_count} booked classes ahead',
                    waitlist: '%{smart_count} place in a waiting list |||| %{smart_count} places in waiting lists',
                    debt: 'a debt of %{amount}',
                    unpaid_visits: '%{smart_count} unpaid visit |||| %{smart_count} unpaid visits',
                    payment_in_progress: 'a payment in progress |||| %{smart_count} payments in progress',
                    ward: 'a ward whose data is not erased |||| %{smart_count} wards whose data is not erased',
                },
                blocked: 'The data cannot be erased while something is open: see the list',
                confirm_mismatch: 'Type the last name as it is on the card',
                already: 'This customer’s personal data is already erased',
                done: 'The personal data is erased',
            },
            erased: 'The personal data of this customer is erased: the card is read only',
            erased_banner: 'Personal data erased on %{date}. Money and visit records are kept.',
            erased_banner_undated: 'Personal data erased. Money and visit records are kept.',
            status_reserved: 'This status is set by erasing the personal data, not by hand',
        },
    },
};
