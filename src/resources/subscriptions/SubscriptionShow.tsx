import { BooleanField, NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { MoneyField } from '../common/money';
import { PenaltyRulesField } from '../penalties/PenaltyRules';
import { PlanDirections } from './PlanDirections';
import { Visits } from './Visits';

export const SubscriptionShow = () => (
    <Show actions={false}>
        <SimpleShowLayout>
            <TextField source="name" />
            <MoneyField source="price" />
            <Visits source="visits" label="app.plans.visits_column" />
            <NumberField source="validityDays" />
            <PlanDirections source="directionIds" label="app.plans.directions_column" />
            <NumberField source="freezeDays" />
            <NumberField source="lateCancelHours" emptyText="—" />
            <PenaltyRulesField label="app.penalties.rules.title" />
            <BooleanField source="trial" />
            <BooleanField source="soldOnline" />
            <BooleanField source="active" />
        </SimpleShowLayout>
    </Show>
);
