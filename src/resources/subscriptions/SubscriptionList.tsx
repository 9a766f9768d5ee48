import { AutocompleteInput, BooleanField, BooleanInput, DataTable, List, ReferenceInput } from 'react-admin';
import type { Subscription } from '../../domain/types';
import { inactiveRowSx } from '../common/inactive';
import { MoneyField } from '../common/money';
import { SettingsListActions } from '../common/SettingsActions';
import { searchFilter } from '../common/lists';
import { recordExporter } from '../common/exporter';
import { PlanDirections } from './PlanDirections';
import { Visits } from './Visits';

const subscriptionFilters = [
    searchFilter,
    <ReferenceInput
        key="direction"
        source="directionIds"
        reference="settings/directions"
        sort={{ field: 'name', order: 'ASC' }}
        label="app.plans.for_direction"
    >
        <AutocompleteInput label="app.plans.for_direction" />
    </ReferenceInput>,
    <BooleanInput key="trial" source="trial" />,
    <BooleanInput key="soldOnline" source="soldOnline" />,
    <BooleanInput key="active" source="active" />,
];

export const SubscriptionList = () => (
    <List<Subscription>
        title="app.menu.subscriptions"
        filters={subscriptionFilters}
        sort={{ field: 'price', order: 'ASC' }}
        actions={<SettingsListActions />}
        exporter={recordExporter}
    >
        <DataTable<Subscription> bulkActionButtons={false} rowClick="edit" rowSx={inactiveRowSx}>
            <DataTable.Col source="name" />
            <DataTable.Col source="price" field={MoneyField} align="right" />
            <DataTable.Col source="visits" label="app.plans.visits_column">
                <Visits source="visits" />
            </DataTable.Col>
            <DataTable.NumberCol source="validityDays" />
            <DataTable.Col source="directionIds" label="app.plans.directions_column" disableSort>
                <PlanDirections />
            </DataTable.Col>
            <DataTable.NumberCol source="freezeDays" />
            <DataTable.Col source="trial" field={BooleanField} />
            <DataTable.Col source="soldOnline" field={BooleanField} />
            <DataTable.Col source="active" field={BooleanField} />
        </DataTable>
    </List>
);
