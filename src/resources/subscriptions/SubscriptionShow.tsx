import { BooleanField, NumberField, ReferenceArrayField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { MoneyField } from '../common/money';
import { Visits } from './Visits';

export const SubscriptionShow = () => (
    <Show actions={false}>
        <SimpleShowLayout>
            <TextField source="name" />
            <MoneyField source="price" />
            <Visits source="visits" />
            <NumberField source="validityDays" />
            <ReferenceArrayField source="directionIds" reference="settings/directions" emptyText="app.plans.all_directions" />
            <NumberField source="freezeDays" />
            <BooleanField source="trial" />
            <BooleanField source="active" />
        </SimpleShowLayout>
    </Show>
);
