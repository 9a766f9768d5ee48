/** Bookings: seats held in classes and places in their lines. */
export const bookingMessages = {
    resources: {
        bookings: {
            name: 'Booking |||| Bookings',
            fields: {
                eventId: 'Class',
                customerId: 'Customer',
                status: 'Booking',
                passId: 'Pass expected to pay',
                late: 'Late cancel',
                id: 'Booking',
                source: 'Booked through',
                bookedBy: 'Booked by',
                promotedAt: 'Moved up from the line at',
                cancelledAt: 'Cancelled at',
                attendanceId: 'Mark',
                createdAt: 'Booked at',
            },
        },
        events: { fields: { bookable: 'Customers book it themselves' } },
        schedules: { fields: { bookable: 'Customers book its classes themselves' } },
        'settings/subscriptions': {
            fields: { lateCancelHours: "A cancel is late, hours before the class (empty: the studio's setting)" },
        },
        configs: {
            fields: {
                bookingOpensDays: 'Booking opens, days before the class',
                bookingClosesMinutes: 'Booking closes, minutes before the class (0: at its start)',
                lateCancelHours: 'A cancel is late, hours before the class',
                maxWaitlists: 'Places in line one customer may hold',
            },
        },
    },
    app: {
        collections: { bookings: '%{smart_count} booking |||| %{smart_count} bookings' },
        bookings: {
            booked: 'Booked',
            in_line: 'In line · %{position}',
            seats: 'Booked: %{booked} / %{capacity}',
            line: '%{smart_count} in line |||| %{smart_count} in line',
            full: 'Full',
            book_by_name: 'Book someone by name',
            staff_only: 'Only staff book this class',
            bookable_help: 'When off, only staff book: customers see the class but cannot book it',
            upcoming: 'Upcoming bookings',
            none: 'No upcoming bookings or places in line.',
            dialog: {
                title: 'Book %{name} into a class',
                day: 'Date of the class',
                window: 'Booking opens %{smart_count} day before a class |||| Booking opens %{smart_count} days before a class',
                classes: 'Classes of the day',
                none: 'No classes still to come on this day.',
            },
            actions: {
                book: 'Book',
                book_class: 'Book a class',
                put_in_line: 'Put in line',
                cancel: 'Cancel the booking of %{name}',
                leave_line: 'Take %{name} out of the line',
            },
            notices: {
                booked: 'Booked',
                waitlisted: 'Put in line',
                cancelled: 'The booking is cancelled',
                cancelled_late: 'The booking is cancelled, late: inside the late-cancel window',
            },
            refusals: {
                full: 'The class is full: put them in line instead',
                no_pass: 'No pass covers this class with a visit left (upcoming bookings count)',
                not_open: 'Booking for this class is not open yet',
                closed: 'The class takes no more bookings: it has started, was cancelled or closed',
                already_booked: 'They already have a seat or a place in line in this class',
                overlap: 'They have a seat in another class at the same time',
                too_many_waitlists: 'They already hold as many places in line as the studio allows',
            },
        },
    },
};
