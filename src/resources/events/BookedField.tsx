import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { StudioEvent } from '../../domain/types';
import { eventSeats } from './bookings';

/** "12/20": seats booked of the capacity, as the server counts them with each class; a full class stands out. */
export const BookedField = (_: { source?: string }) => {
    const event = useRecordContext<StudioEvent>();
    if (!event) return null;
    const { booked } = eventSeats(event);
    const full = event.status === 'planned' && booked >= event.capacity;
    return (
        <Typography
            variant="body2"
            component="span"
            color={booked > event.capacity ? 'error' : full ? 'warning.main' : undefined}
            fontWeight={full ? 600 : undefined}
            sx={{ whiteSpace: 'nowrap' }}
        >
            {booked}/{event.capacity}
        </Typography>
    );
};
