import { AutocompleteInput, DateInput, ReferenceInput, SelectInput } from 'react-admin';
import { useStatuses } from '../common/statuses';

/** Period (the class's date), teacher, course, customer and mark: the server filters by the class. */
export const useAttendanceFilters = () => {
    const statuses = useStatuses('attendance');
    return [
        <DateInput key="from" source="date_gte" label="app.filters.from" alwaysOn />,
        <DateInput key="to" source="date_lte" label="app.filters.to" alwaysOn />,
        <ReferenceInput key="teacher" source="teacherId" reference="settings/users" filter={{ role: 'teacher' }}>
            <SelectInput optionText="name" label="resources.events.fields.teacherId" />
        </ReferenceInput>,
        <ReferenceInput key="course" source="courseId" reference="settings/courses">
            <SelectInput optionText="name" label="resources.events.fields.courseId" />
        </ReferenceInput>,
        <ReferenceInput key="customer" source="customerId" reference="customers">
            <AutocompleteInput filterToQuery={q => ({ q })} />
        </ReferenceInput>,
        <SelectInput key="status" source="status" choices={statuses} optionValue="code" optionText="label" />,
    ];
};
