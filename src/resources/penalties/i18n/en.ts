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
                appliesAt: 'Applies at',
                decidedBy: 'Waived by',
                decidedAt: 'Waived at',
                reason: 'Reason',
                attendanceId: 'Mark',
                paymentId: 'Payment',
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
        collections: { penalties: '%{smart_count} penalty |||| %{smart_count} penalties' },
        penalties: {
            errors: { not_pending: 'Only a pending penalty can be waived' },
            kinds: { late_cancel: 'Late cancel', no_show: 'No-show' },
            actions: { visit: 'The visit', fee: 'A fee' },
            statuses: {
                pending: 'To review',
                applied: 'Applied',
                waived: 'Waived',
                forgiven: 'Forgiven (first in 30 days)',
                reversed: 'Reversed',
            },
        },
    },
};
