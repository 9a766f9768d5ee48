import { BooleanField, DataTable, FunctionField, List, ReferenceArrayField, useTranslate } from 'react-admin';
import type { Subscription } from '../../domain/types';
import { MoneyField } from '../common/money';
import { ExportActions, searchFilter } from '../common/lists';

const Visits = () => {
    const translate = useTranslate();
    return <FunctionField<Subscription> render={plan => plan.visits ?? translate('app.plans.unlimited')} />;
};

export const SubscriptionList = () => (
    <List<Subscription>
        title="app.menu.subscriptions"
        filters={[searchFilter]}
        sort={{ field: 'price', order: 'ASC' }}
        actions={<ExportActions />}
    >
        <DataTable<Subscription> bulkActionButtons={false}>
            <DataTable.Col source="name" />
            <DataTable.Col source="price" field={MoneyField} align="right" />
            <DataTable.Col source="visits">
                <Visits />
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
