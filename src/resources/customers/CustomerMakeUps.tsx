import { Chip, Stack, Typography, type ChipProps } from '@mui/material';
import {
    DataTable,
    ReferenceField,
    ReferenceManyField,
    useCanAccess,
    useGetManyAggregate,
    useLocaleState,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { formatShortDate } from '../../app/i18n/dates';
import { useStudioToday } from '../../app/studio';
import { makeUpState, type MakeUpState } from '../../domain/makeUps';
import type { Booking, Direction, MakeUp, StudioEvent } from '../../domain/types';
import { EventLabel } from '../common/eventLabel';
import { Empty, scrollableTable, Section } from './Section';

/*
 * The customer's make-up credits (src/domain/makeUps.ts) on the card: where each stands, the direction
 * it books and by when, the class missed that gave it, and the class it booked or was used for.
 */

// What can still be booked stands out; what was lost, as a penalty's charge does.
const chipColors: Record<MakeUpState, ChipProps['color']> = {
    open: 'success',
    booked: 'info',
    used: 'default',
    lost: 'error',
    expired: 'default',
};

/** The booking a credit names, read with the other rows' in one request; undefined while it is read. */
const useHeldBy = (makeUp: MakeUp | undefined) => {
    const id = makeUp?.usedBookingId ?? null;
    const { data, isPending } = useGetManyAggregate<Booking>(
        'bookings',
        { ids: id === null ? [] : [id] },
        { enabled: id !== null },
    );
    if (id === null) return { bookings: [] as Booking[], known: true };
    return { bookings: data ?? [], known: !isPending };
};

/** The credit's state today, on the studio's calendar; undefined until its booking is read. */
const useMakeUpState = (makeUp: MakeUp | undefined): MakeUpState | undefined => {
    const today = useStudioToday();
    const { bookings, known } = useHeldBy(makeUp);
    return makeUp && known ? makeUpState(makeUp, bookings, today) : undefined;
};

const StateCell = (_props: { label?: string }) => {
    const makeUp = useRecordContext<MakeUp>();
    const state = useMakeUpState(makeUp);
    const translate = useTranslate();
    if (!state) return null;
    return (
        <Chip
            size="small"
            variant="outlined"
            color={chipColors[state]}
            label={translate(`app.makeUps.states.${state}`)}
        />
    );
};

/** The direction, "a class of Yoga by 12/27/2026" while it can be booked; under it, the class missed. */
const CreditCell = (_props: { label?: string }) => {
    const makeUp = useRecordContext<MakeUp>();
    const state = useMakeUpState(makeUp);
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const { data: directions } = useGetManyAggregate<Direction>('settings/directions', {
        ids: makeUp ? [makeUp.directionId] : [],
    });
    const { data: events } = useGetManyAggregate<StudioEvent>('events', { ids: makeUp ? [makeUp.eventId] : [] });
    if (!makeUp) return null;
    const direction = directions?.find(found => found.id === makeUp.directionId)?.name ?? '';
    const missed = events?.find(found => found.id === makeUp.eventId);
    return (
        <Stack>
            <Typography variant="body2">
                {state === 'open'
                    ? translate('app.makeUps.until', {
                          direction,
                          date: formatShortDate(makeUp.expiresOn, locale),
                      })
                    : direction}
            </Typography>
            {missed && (
                <Typography variant="caption" color="text.secondary">
                    {translate('app.makeUps.missed', { date: formatShortDate(missed.startsAt, locale) })}
                </Typography>
            )}
        </Stack>
    );
};

/** The class the credit booked, was used for or lost with: through its booking, to the class's page. */
const BookedCell = (_props: { label?: string }) => {
    const makeUp = useRecordContext<MakeUp>();
    const state = useMakeUpState(makeUp);
    if (!makeUp?.usedBookingId || !state || state === 'open' || state === 'expired') return null;
    return (
        <ReferenceField<MakeUp, Booking> source="usedBookingId" reference="bookings" link={false}>
            <ReferenceField<Booking, StudioEvent>
                source="eventId"
                reference="events"
                link={record => `/events/${record.id}`}
            >
                <EventLabel />
            </ReferenceField>
        </ReferenceField>
    );
};

/**
 * The customer's make-up credits, newest first, in every state: where each stands, the direction and by
 * when it can be booked, the class missed and the class booked. For the staff who may read them.
 */
export const CustomerMakeUps = () => {
    const { canAccess } = useCanAccess({ resource: 'makeUps', action: 'list' });
    if (!canAccess) return null;
    return (
        <Section title="app.makeUps.card.title">
            <ReferenceManyField
                reference="makeUps"
                target="customerId"
                sort={{ field: 'id', order: 'DESC' }}
                perPage={10}
            >
                <DataTable<MakeUp>
                    sx={scrollableTable}
                    bulkActionButtons={false}
                    rowClick={false}
                    empty={<Empty text="app.makeUps.card.none" />}
                >
                    <DataTable.Col label="resources.makeUps.fields.state">
                        <StateCell />
                    </DataTable.Col>
                    <DataTable.Col source="directionId">
                        <CreditCell />
                    </DataTable.Col>
                    <DataTable.Col source="usedBookingId">
                        <BookedCell />
                    </DataTable.Col>
                </DataTable>
            </ReferenceManyField>
        </Section>
    );
};
