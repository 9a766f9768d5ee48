import { BooleanField, DataTable, List, ReferenceField, useCanAccess } from 'react-admin';
import type { Attendance } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { StatusChip } from '../common/statuses';
import { useAttendanceFilters } from './AttendanceFilters';
import { useAttendanceExporter } from './attendanceExporter';

/** Every mark, filtered and exported (CSV) by the server's list. */
export const AttendanceList = () => {
    // Teachers mark visits but see no passes.
    const { canAccess: seesPasses } = useCanAccess({ resource: 'passes', action: 'read' });
    return (
        <List<Attendance>
            title="app.menu.attendances"
            filters={useAttendanceFilters()}
            sort={{ field: 'createdAt', order: 'DESC' }}
            exporter={useAttendanceExporter()}
        >
            <DataTable<Attendance> bulkActionButtons={false}>
                <DataTable.Col source="eventId">
                    <ReferenceField source="eventId" reference="events">
                        <DateTimeField source="startsAt" />
                        {' · '}
                        <ReferenceField source="courseId" reference="settings/courses" link={false} />
                    </ReferenceField>
                </DataTable.Col>
                <DataTable.Col source="customerId">
                    <ReferenceField source="customerId" reference="customers" />
                </DataTable.Col>
                <DataTable.Col source="status">
                    <StatusChip list="attendance" />
                </DataTable.Col>
                {seesPasses && (
                    <DataTable.Col source="passId">
                        <ReferenceField source="passId" reference="passes" link={false} emptyText="—" />
                    </DataTable.Col>
                )}
                <DataTable.Col source="charged" field={BooleanField} />
                <DataTable.Col source="unpaid" field={BooleanField} />
                <DataTable.Col source="markedBy">
                    <ReferenceField source="markedBy" reference="settings/users" link={false} />
                </DataTable.Col>
            </DataTable>
        </List>
    );
};
