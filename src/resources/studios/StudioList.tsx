import { BooleanField, DataTable, List } from 'react-admin';
import type { Studio } from '../../domain/types';
import { ColorField } from '../common/ColorField';
import { ExportActions, searchFilter } from '../common/lists';

export const StudioList = () => (
    <List<Studio>
        title="app.menu.studios"
        filters={[searchFilter]}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<ExportActions />}
    >
        <DataTable<Studio> bulkActionButtons={false}>
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
