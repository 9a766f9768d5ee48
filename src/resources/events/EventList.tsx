import { DataTable, DateInput, List, ReferenceField, SelectInput } from 'react-admin';
import { eventStatuses } from '../../domain/schemas';
import type { StudioEvent } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { TranslatedField, translatedChoices } from '../common/TranslatedField';
import { timetableFilters } from '../common/lists';

const statusChoices = translatedChoices(eventStatuses, 'resources.events.statuses');

const eventFilters = [
    <DateInput key="from" source="startsAt_gte" label="app.filters.from" alwaysOn />,
    <DateInput key="to" source="startsAt_lte" label="app.filters.to" alwaysOn />,
    ...timetableFilters,
    <SelectInput key="status" source="status" choices={statusChoices} />,
];

export const EventList = () => (
    <List<StudioEvent> title="app.menu.events" filters={eventFilters} sort={{ field: 'startsAt', order: 'DESC' }}>
        <DataTable<StudioEvent> rowClick="edit">
            <DataTable.Col source="startsAt" field={DateTimeField} />
            <DataTable.Col source="courseId">
                <ReferenceField source="courseId" reference="settings/courses" link={false} />
            </DataTable.Col>
            <DataTable.Col source="title" />
            <DataTable.Col source="teacherId">
                <ReferenceField source="teacherId" reference="settings/users" link={false} />
            </DataTable.Col>
            <DataTable.Col source="studioId">
                <ReferenceField source="studioId" reference="settings/studios" link={false} />
            </DataTable.Col>
            <DataTable.NumberCol source="durationMinutes" />
            <DataTable.NumberCol source="capacity" />
            <DataTable.Col source="status">
                <TranslatedField source="status" prefix="resources.events.statuses" />
            </DataTable.Col>
        </DataTable>
    </List>
);
