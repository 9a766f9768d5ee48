import {
    BooleanField,
    CreateButton,
    DataTable,
    ExportButton,
    FilterButton,
    FunctionField,
    List,
    ReferenceField,
    TopToolbar,
} from 'react-admin';
import type { Schedule } from '../../domain/types';
import { SlotsField } from './SlotsField';
import { ClassTitleField } from '../common/ClassTitleField';
import { DateField } from '../common/dates';
import { searchFilter, timetableFilters } from '../common/lists';
import { recordExporter } from '../common/exporter';
import { GenerateAllButton } from './GenerateAllDialog';

const scheduleFilters = [searchFilter, ...timetableFilters];

const ScheduleActions = () => (
    <TopToolbar>
        <GenerateAllButton />
        <FilterButton />
        <CreateButton />
        <ExportButton />
    </TopToolbar>
);

export const ScheduleList = () => (
    <List<Schedule>
        title="app.menu.schedules"
        filters={scheduleFilters}
        sort={{ field: 'id', order: 'ASC' }}
        exporter={recordExporter}
        actions={<ScheduleActions />}
    >
        <DataTable<Schedule> rowClick="edit">
            <DataTable.Col source="title">
                <ClassTitleField own />
            </DataTable.Col>
            <DataTable.Col source="courseId">
                <ReferenceField source="courseId" reference="settings/courses" link={false} />
            </DataTable.Col>
            <DataTable.Col source="teacherId">
                <ReferenceField source="teacherId" reference="settings/users" link={false} />
            </DataTable.Col>
            <DataTable.Col source="studioId">
                <ReferenceField source="studioId" reference="settings/studios" link={false} />
            </DataTable.Col>
            <DataTable.Col source="slots" disableSort>
                <SlotsField />
            </DataTable.Col>
            <DataTable.Col source="customerIds" disableSort>
                <FunctionField<Schedule> render={schedule => `${schedule.customerIds.length} / ${schedule.capacity}`} />
            </DataTable.Col>
            <DataTable.Col source="startsOn" field={DateField} />
            <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
    </List>
);
