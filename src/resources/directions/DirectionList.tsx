import { BooleanField, DataTable, List } from 'react-admin';
import type { Direction } from '../../domain/types';
import { ColorField } from '../common/ColorField';
import { ExportActions, searchFilter } from '../common/lists';

export const DirectionList = () => (
    <List<Direction>
        title="app.menu.directions"
        filters={[searchFilter]}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<ExportActions />}
    >
        <DataTable<Direction> bulkActionButtons={false}>
            <DataTable.Col source="name" />
            <DataTable.Col source="color" disableSort>
                <ColorField source="color" />
            </DataTable.Col>
            <DataTable.Col source="description" />
            <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
    </List>
);
