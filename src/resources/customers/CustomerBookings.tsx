import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { DataTable, ReferenceField, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { personName } from '../../domain/journal';
import type { Booking, Customer } from '../../domain/types';
import { BookingChip, useBooking } from '../events/bookings';
import { BookClassDialog } from './BookClassDialog';
import { Empty, scrollableTable, Section } from './Section';
import { useErased } from './erased';

type Listed = Booking & { position?: number | null };

/** The booking's state and the button that cancels it, in a row of the card's table. */
const BookingState = ({
    name,
    onCancel,
    busy,
}: {
    label?: string;
    name: string;
    onCancel: (id: number) => void;
    busy: boolean;
}) => {
    const booking = useRecordContext<Listed>();
    if (!booking || (booking.status !== 'booked' && booking.status !== 'waitlisted')) return null;
    return (
        <BookingChip
            booking={{ id: booking.id, status: booking.status, position: booking.position ?? null }}
            name={name}
            onCancel={onCancel}
            disabled={busy}
        />
    );
};

/** The pass paying the seat, or the make-up credit that pays it instead. */
const PaidBy = (_props: { label?: string }) => {
    const booking = useRecordContext<Listed>();
    const translate = useTranslate();
    if (booking?.makeUpId != null) return <span>{translate('app.makeUps.paid')}</span>;
    return <ReferenceField source="passId" reference="passes" link={false} emptyText="—" />;
};

/** The customer's seats and places in line, newest first, each cancelled with one click; staff book another from here. */
export const CustomerBookings = () => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const [booking, setBooking] = useState(false);
    const { cancel, busy } = useBooking([['bookings']]);
    const erased = useErased();
    if (!customer) return null;
    return (
        <Section
            title="app.bookings.upcoming"
            actions={
                // An erased card books nothing more.
                !erased && (
                    <Button size="small" startIcon={<EventAvailableOutlined />} onClick={() => setBooking(true)}>
                        {translate('app.bookings.actions.book_class')}
                    </Button>
                )
            }
        >
            <BookClassDialog open={booking} onClose={() => setBooking(false)} />
            <ReferenceManyField
                reference="bookings"
                target="customerId"
                filter={{ status: ['booked', 'waitlisted'] }}
                sort={{ field: 'id', order: 'DESC' }}
                perPage={25}
            >
                <DataTable<Listed>
                    sx={scrollableTable}
                    bulkActionButtons={false}
                    rowClick={false}
                    empty={<Empty text="app.bookings.none" />}
                >
                    <DataTable.Col source="eventId">
                        <ReferenceField source="eventId" reference="events" link={record => `/events/${record.id}`} />
                    </DataTable.Col>
                    <DataTable.Col source="status">
                        <BookingState name={personName(customer)} onCancel={id => cancel.mutate(id)} busy={busy} />
                    </DataTable.Col>
                    <DataTable.Col source="passId">
                        <PaidBy />
                    </DataTable.Col>
                </DataTable>
            </ReferenceManyField>
        </Section>
    );
};
