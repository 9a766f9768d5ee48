import { BooleanField, BooleanInput, DataTable, EmailField, List, SelectInput } from 'react-admin';
import { roles } from '../../domain/roles';
import type { User } from '../../domain/types';
import { inactiveRowSx } from '../common/inactive';
import { PhoneField } from '../common/phones';
import { SettingsListActions } from '../common/SettingsActions';
import { TranslatedField, translatedChoices } from '../common/TranslatedField';
import { searchFilter } from '../common/lists';
import { PayField } from './PayField';
import { ColorSwatchField } from './UserColor';
import { recordExporter } from '../common/exporter';

const userFilters = [
    searchFilter,
    <SelectInput key="role" source="role" choices={translatedChoices(roles, 'app.roles')} alwaysOn />,
    <BooleanInput key="active" source="active" />,
];

export const UserList = () => (
    <List<User>
        title="app.menu.users"
        filters={userFilters}
        sort={{ field: 'name', order: 'ASC' }}
        actions={<SettingsListActions />}
        exporter={recordExporter}
    >
        <DataTable<User> bulkActionButtons={false} rowClick="edit" rowSx={inactiveRowSx}>
            <DataTable.Col source="name" />
            <DataTable.Col source="email" field={EmailField} />
            <DataTable.Col source="role">
                <TranslatedField source="role" prefix="app.roles" />
            </DataTable.Col>
            <DataTable.Col source="phone" field={PhoneField} />
            <DataTable.Col source="pay" disableSort>
                <PayField />
            </DataTable.Col>
            <DataTable.Col source="color" disableSort>
                <ColorSwatchField source="color" />
            </DataTable.Col>
            <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
    </List>
);
