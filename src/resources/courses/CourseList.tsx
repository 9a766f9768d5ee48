import { BooleanField, BooleanInput, DataTable, List, ReferenceField, ReferenceInput, SelectInput } from 'react-admin';
import { courseLevels } from '../../domain/schemas';
import type { Course } from '../../domain/types';
import { inactiveRowSx } from '../common/inactive';
import { SettingsListActions } from '../common/SettingsActions';
import { TranslatedField, translatedChoices } from '../common/TranslatedField';
import { searchFilter } from '../common/lists';
import { recordExporter } from '../common/exporter';

const courseFilters = [
    searchFilter,
    <ReferenceInput
        key="direction"
        source="directionId"
        reference="settings/directions"
        sort={{ field: 'name', order: 'ASC' }}
        alwaysOn
    />,
    <SelectInput key="level" source="level" choices={translatedChoices(courseLevels, 'app.levels')} />,
    <BooleanInput key="active" source="active" />,
];

export const CourseList = () => (
    <List<Course>
        title="app.menu.courses"
        filters={courseFilters}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<SettingsListActions />}
        exporter={recordExporter}
    >
        <DataTable<Course> bulkActionButtons={false} rowClick="edit" rowSx={inactiveRowSx}>
            <DataTable.Col source="name" />
            {/* Sorting by the reference would order by id, not by the name people read: filter by direction instead. */}
            <DataTable.Col source="directionId" disableSort>
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
