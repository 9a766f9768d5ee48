import { Labeled, NumberField, ReferenceField, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { StudioEvent } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { eventLabel } from '../common/eventLabel';
import { TranslatedField } from '../common/TranslatedField';

const EventTitle = () => {
    const record = useRecordContext<StudioEvent>();
    return <span>{record ? eventLabel(record) : ''}</span>;
};

/** One class at /events/{id}; the roster joins it with the attendance screens. */
export const EventCard = () => (
    <Show<StudioEvent> title={<EventTitle />} actions={false}>
        <SimpleShowLayout>
            <DateTimeField source="startsAt" />
            <ReferenceField source="courseId" reference="settings/courses" link={false} />
            <TextField source="title" emptyText="—" />
            <ReferenceField source="teacherId" reference="settings/users" link={false} />
            <ReferenceField source="studioId" reference="settings/studios" link={false} />
            <ReferenceField source="scheduleId" reference="schedules" emptyText="—" />
            <NumberField source="durationMinutes" />
            <NumberField source="capacity" />
            <Labeled source="status">
                <TranslatedField source="status" prefix="resources.events.statuses" />
            </Labeled>
            <TextField source="notes" emptyText="—" />
        </SimpleShowLayout>
    </Show>
);
