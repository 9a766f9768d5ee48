import { BooleanField, DataTable, List, ReferenceField, ReferenceInput, SelectInput } from 'react-admin';
import { courseLevels } from '../../domain/schemas';
import type { Course } from '../../domain/types';
import { TranslatedField, translatedChoices } from '../common/TranslatedField';
import { ExportActions, searchFilter } from '../common/lists';

const courseFilters = [
    searchFilter,
    <ReferenceInput key="direction" source="directionId" reference="settings/directions" />,
    <SelectInput key="level" source="level" choices={translatedChoices(courseLevels, 'app.levels')} />,
];

export const CourseList = () => (
    <List<Course>
        title="app.menu.courses"
        filters={courseFilters}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<ExportActions />}
    >
        <DataTable<Course> bulkActionButtons={false}>
            <DataTable.Col source="name" />
            <DataTable.Col source="directionId">
                <ReferenceField source="directionId" reference="settings/directions" link={false} />
            </DataTable.Col>
            <DataTable.Col source="level">
                <TranslatedField source="level" prefix="app.levels" />
            </DataTable.Col>
            <DataTable.NumberCol source="durationMinutes" />
            <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
    </List>
);
