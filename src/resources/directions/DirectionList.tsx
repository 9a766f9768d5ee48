import { BooleanField, BooleanInput, DataTable, List } from 'react-admin';
import type { Direction } from '../../domain/types';
import { ColorField } from '../common/ColorField';
import { inactiveRowSx } from '../common/inactive';
import { SettingsListActions } from '../common/SettingsActions';
import { searchFilter } from '../common/lists';
import { recordExporter } from '../common/exporter';

const directionFilters = [searchFilter, <BooleanInput key="active" source="active" />];

export const DirectionList = () => (
    <List<Direction>
        title="app.menu.directions"
        filters={directionFilters}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<SettingsListActions />}
        exporter={recordExporter}
    >
        <DataTable<Direction> bulkActionButtons={false} rowClick="edit" rowSx={inactiveRowSx}>
            <DataTable.Col source="name" />
            <DataTable.Col source="color" disableSort>
                <ColorField source="color" />
            </DataTable.Col>
            <DataTable.Col source="description" />
            <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
    </List>
);
