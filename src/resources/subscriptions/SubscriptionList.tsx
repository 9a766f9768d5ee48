import { BooleanField, BooleanInput, DataTable, List, ReferenceArrayField, ReferenceInput } from 'react-admin';
import type { Subscription } from '../../domain/types';
import { inactiveRowSx } from '../common/inactive';
import { MoneyField } from '../common/money';
import { SettingsListActions } from '../common/SettingsActions';
import { searchFilter } from '../common/lists';
import { Visits } from './Visits';

const subscriptionFilters = [
    searchFilter,
    <ReferenceInput key="direction" source="directionIds" reference="settings/directions" sort={{ field: 'name', order: 'ASC' }} />,
    <BooleanInput key="trial" source="trial" />,
    <BooleanInput key="active" source="active" />,
];

export const SubscriptionList = () => (
    <List<Subscription>
        title="app.menu.subscriptions"
        filters={subscriptionFilters}
        sort={{ field: 'price', order: 'ASC' }}
        actions={<SettingsListActions />}
    >
        <DataTable<Subscription> bulkActionButtons={false} rowClick="edit" rowSx={inactiveRowSx}>
            <DataTable.Col source="name" />
            <DataTable.Col source="price" field={MoneyField} align="right" />
            <DataTable.Col source="visits">
                <Visits source="visits" />
            </DataTable.Col>
            <DataTable.NumberCol source="validityDays" />
            <DataTable.Col source="directionIds" disableSort>
                <ReferenceArrayField source="directionIds" reference="settings/directions" emptyText="app.plans.all_directions" />
            </DataTable.Col>
            <DataTable.NumberCol source="freezeDays" />
            <DataTable.Col source="trial" field={BooleanField} />
            <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
    </List>
);
