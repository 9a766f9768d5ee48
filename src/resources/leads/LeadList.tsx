import {
    AutocompleteInput,
    CreateButton,
    DataTable,
    ExportButton,
    FilterButton,
    List,
    ReferenceField,
    ReferenceInput,
    SelectInput,
    TextField,
    TopToolbar,
} from 'react-admin';
import { DateField } from '../common/dates';
import { recordExporter } from '../common/exporter';
import { searchFilter } from '../common/lists';
import { PhoneField } from '../common/phones';
import { scrollableTable } from '../customers/Section';
import { NameField, sourceChoices, SourceField, statusChoices, StatusField } from './LeadFields';
import type { Lead } from './model';

/*
 * Leads: the newest first, searched by name, phone, e-mail or child, filtered by status, source, owner
 * and direction. A row opens the lead's form. The status comes beside the name, so that a phone's narrow
 * table shows both before it scrolls.
 */

const filters = [
    searchFilter,
    <SelectInput
        key="status"
        source="status"
        choices={statusChoices}
        alwaysOn
        emptyText="ra.action.clear_input_value"
    />,
    <SelectInput key="source" source="source" choices={sourceChoices} />,
    <ReferenceInput key="ownerId" source="ownerId" reference="settings/users" filter={{ active: true }}>
        <AutocompleteInput optionText="name" />
    </ReferenceInput>,
    <ReferenceInput key="directionId" source="directionId" reference="settings/directions" />,
];

const Actions = () => (
    <TopToolbar>
        <FilterButton />
        <CreateButton label="app.leads.create" />
        <ExportButton />
    </TopToolbar>
);

export const LeadList = () => (
    <List<Lead>
        title="app.menu.leads"
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        actions={<Actions />}
        exporter={recordExporter}
    >
        <DataTable<Lead> bulkActionButtons={false} rowClick="edit" sx={scrollableTable}>
            <DataTable.Col source="name" field={NameField} />
            <DataTable.Col source="status" field={StatusField} />
            <DataTable.Col source="phone" field={PhoneField} disableSort />
            <DataTable.Col source="source" field={SourceField} disableSort />
            <DataTable.Col source="ownerId" disableSort>
                <ReferenceField source="ownerId" reference="settings/users" link={false}>
                    <TextField source="name" />
                </ReferenceField>
            </DataTable.Col>
            <DataTable.Col source="directionId" disableSort>
                <ReferenceField source="directionId" reference="settings/directions" link={false}>
                    <TextField source="name" />
                </ReferenceField>
            </DataTable.Col>
            <DataTable.Col source="createdAt">
                <DateField source="createdAt" />
            </DataTable.Col>
        </DataTable>
    </List>
);
