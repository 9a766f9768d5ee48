/** The attendance policy: penalties of late cancels and no-shows, and the plans' and settings' fields that set them. */
export const messages = {
    resources: {
        penalties: {
            name: 'Penalty |||| Penalties',
            fields: {
                id: 'Penalty',
                createdAt: 'Made at',
                customerId: 'Customer',
                bookingId: 'Booking',
                eventId: 'Class',
                passId: 'Pass',
                kind: 'For',
                action: 'Costs',
                amount: 'Fee',
                status: 'State',
                appliesAt: 'Due',
                decidedBy: 'Waived by',
                decidedAt: 'Waived at',
                reason: 'Reason',
                attendanceId: 'Mark',
                paymentId: 'Payment',
            },
        },
        makeUps: {
            name: 'Make-up |||| Make-ups',
            fields: {
                id: 'Make-up',
                createdAt: 'Given at',
                customerId: 'Customer',
                attendanceId: 'Excused mark',
                eventId: 'Missed class',
                directionId: 'Direction',
                expiresOn: 'Book by',
                usedBookingId: 'Booking',
                lostAt: 'Lost at',
                state: 'State',
            },
        },
        'settings/subscriptions': {
            fields: {
                lateCancelPenalty: 'A late cancel costs',
                noShowPenalty: 'A no-show costs',
                makeUps: 'Make-ups for excused absences',
            },
        },
        configs: { fields: { penaltyDelayHours: 'Hours to waive a penalty before it applies' } },
    },
    app: {
        history: { collections: { penalties: 'Penalty' } },
        collections: {
            penalties: '%{smart_count} penalty |||| %{smart_count} penalties',
            makeUps: '%{smart_count} make-up |||| %{smart_count} make-ups',
        },
        makeUps: {
            /** A credit's state (src/domain/makeUps.ts). */
            states: {
                open: 'To book',
                booked: 'Booked',
                used: 'Used',
                lost: 'Lost',
                expired: 'Expired',
            },
            card: { title: 'Make-ups', none: 'No make-ups' },
            /** One credit in a list: the direction and until when, or the class it booked. */
            until: 'a class of %{direction} by %{date}',
            missed: 'for the class of %{date}',
            paid: 'Paid by a make-up',
        },
        penalties: {
            errors: {
                not_pending: 'Only a pending penalty can be waived',
                not_owed: 'This penalty owes no fee: only an applied, unpaid fee is paid',
            },
            kinds: { late_cancel: 'Late cancel', no_show: 'No-show' },
            actions: { visit: 'The visit', fee: 'A fee' },
            statuses: {
                pending: 'To review',
                applied: 'Applied',
                waived: 'Waived',
                forgiven: 'Forgiven (first in 30 days)',
                reversed: 'Reversed',
            },
            /** The plan form's choices of what an offence costs, and the fee's amount. */
            rules: {
                title: 'Late cancels and no-shows',
                none: 'Nothing',
                visit: 'The visit',
                fee: 'A fee',
                amount: 'Fee',
            },
            /** The rules of a plan in words, as staff would tell a customer. */
            summary: {
                late_none: 'A late cancel costs nothing.',
                late_visit: 'Cancelling less than %{hours} before costs the visit.',
                late_fee: 'Cancelling less than %{hours} before costs a fee of %{amount}.',
                no_show_none: 'Missing a class costs nothing.',
                no_show_visit: 'Missing a class costs the visit.',
                no_show_fee: 'Missing a class costs a fee of %{amount}.',
                fee_unset: '(amount to set)',
                waive: 'The first time in 30 days is forgiven; staff can waive any within %{hours} after the class.',
                waive_none: 'The first time in 30 days is forgiven; the others apply when the class ends.',
                make_ups: "An excused absence from a group's class gives a make-up.",
                hours: '%{smart_count} hour |||| %{smart_count} hours',
                hours_within: '%{smart_count} hour |||| %{smart_count} hours',
            },
            /** What a penalty costs, in a list. */
            cost: { visit: 'the visit', fee: 'a fee of %{amount}' },
            applies: 'applies %{date}',
            /** What became of a penalty that is no longer pending, where a pending one says when it applies. */
            outcome: {
                applied: 'applied %{date}',
                waived: 'waived %{date}',
                waived_undated: 'waived',
                forgiven: 'not applied',
                reversed: 'taken back',
            },
            dashboard: {
                title: 'Penalties to review',
                hint: 'Each applies at the time shown unless waived',
                more: 'and %{smart_count} more',
            },
            card: { title: 'Penalties', none: 'No penalties' },
            waive: {
                action: 'Waive',
                title: 'Waive the penalty',
                reason_help: 'Kept on the penalty and in the history',
                done: 'Penalty waived',
            },
            /** A payment link for a fee owed, made from the card; what the links list says it pays. */
            link: { action: 'Payment link', pays: "A penalty's fee" },
            /** The desk taking an applied fee on the customer's card. */
            pay: {
                action: 'Take payment',
                title: 'Take the fee',
                done: 'Fee paid',
                owed: 'owed',
                paid: 'paid',
            },
        },
    },
};
