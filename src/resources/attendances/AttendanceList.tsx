import { BooleanField, DataTable, DateInput, List, ReferenceField, ReferenceInput, SelectInput } from 'react-admin';
import type { Attendance } from '../../domain/types';
import { StatusChip, useStatuses } from '../common/statuses';

const useAttendanceFilters = () => {
    const statuses = useStatuses('attendance');
    return [
        <DateInput key="from" source="createdAt_gte" label="app.filters.from" alwaysOn />,
        <DateInput key="to" source="createdAt_lte" label="app.filters.to" alwaysOn />,
        <ReferenceInput key="customer" source="customerId" reference="customers" />,
        <SelectInput key="status" source="status" choices={statuses} optionValue="code" optionText="label" />,
    ];
};

export const AttendanceList = () => (
    <List<Attendance> title="app.menu.attendances" filters={useAttendanceFilters()} sort={{ field: 'createdAt', order: 'DESC' }}>
        <DataTable<Attendance> bulkActionButtons={false}>
            <DataTable.Col source="eventId">
                <ReferenceField source="eventId" reference="events" />
            </DataTable.Col>
            <DataTable.Col source="customerId">
                <ReferenceField source="customerId" reference="customers" />
            </DataTable.Col>
            <DataTable.Col source="status">
                <StatusChip list="attendance" />
            </DataTable.Col>
            <DataTable.Col source="charged" field={BooleanField} />
            <DataTable.Col source="unpaid" field={BooleanField} />
        </DataTable>
    </List>
);
