import {
    BooleanField,
    Labeled,
    NumberField,
    ReferenceArrayField,
    ReferenceField,
    Show,
    SimpleShowLayout,
    TextField,
    useRecordContext,
} from 'react-admin';
import type { Schedule } from '../../domain/types';
import { SlotsField } from './SlotsField';
import { DateField } from '../common/dates';

const ScheduleTitle = () => {
    const record = useRecordContext<Schedule>();
    return <span>{record?.title ?? ''}</span>;
};

/** A group at /schedules/{id}: its slots and members; generating events joins it with the timetable screens. */
export const ScheduleCard = () => (
    <Show<Schedule> title={<ScheduleTitle />} actions={false}>
        <SimpleShowLayout>
            <TextField source="title" emptyText="—" />
            <ReferenceField source="courseId" reference="settings/courses" link={false} />
            <ReferenceField source="teacherId" reference="settings/users" link={false} />
            <ReferenceField source="studioId" reference="settings/studios" link={false} />
            <Labeled source="slots">
                <SlotsField />
            </Labeled>
            <DateField source="startsOn" />
            <DateField source="endsOn" emptyText="—" />
            <NumberField source="capacity" />
            <BooleanField source="active" />
            <ReferenceArrayField source="customerIds" reference="customers" perPage={100} />
        </SimpleShowLayout>
    </Show>
);
