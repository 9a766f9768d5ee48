import { BooleanField, DataTable, EmailField, List, SelectInput } from 'react-admin';
import { roles } from '../../domain/schemas';
import type { User } from '../../domain/types';
import { ColorField } from '../common/ColorField';
import { TranslatedField, translatedChoices } from '../common/TranslatedField';
import { ExportActions, searchFilter } from '../common/lists';

const userFilters = [
    searchFilter,
    <SelectInput key="role" source="role" choices={translatedChoices(roles, 'app.roles')} />,
];

export const UserList = () => (
    <List<User>
        title="app.menu.users"
        filters={userFilters}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<ExportActions />}
    >
        <DataTable<User> bulkActionButtons={false}>
            <DataTable.Col source="name" />
            <DataTable.Col source="email" field={EmailField} />
            <DataTable.Col source="role">
                <TranslatedField source="role" prefix="app.roles" />
            </DataTable.Col>
            <DataTable.Col source="phone" />
            <DataTable.Col source="color" disableSort>
                <ColorField source="color" />
            </DataTable.Col>
            <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
    </List>
);
