import { BooleanField, BooleanInput, DataTable, List } from 'react-admin';
import type { Studio } from '../../domain/types';
import { ColorField } from '../common/ColorField';
import { inactiveRowSx } from '../common/inactive';
import { SettingsListActions } from '../common/SettingsActions';
import { searchFilter } from '../common/lists';
import { recordExporter } from '../common/exporter';

const studioFilters = [searchFilter, <BooleanInput key="active" source="active" />];

export const StudioList = () => (
    <List<Studio>
        title="app.menu.studios"
        filters={studioFilters}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<SettingsListActions />}
        exporter={recordExporter}
    >
        <DataTable<Studio> bulkActionButtons={false} rowClick="edit" rowSx={inactiveRowSx}>
            <DataTable.Col source="name" />
            <DataTable.Col source="address" />
            <DataTable.NumberCol source="capacity" />
            <DataTable.Col source="color" disableSort>
                <ColorField source="color" />
            </DataTable.Col>
            <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
    </List>
);
