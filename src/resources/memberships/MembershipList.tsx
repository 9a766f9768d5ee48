import { DataTable, ExportButton, List, ReferenceInput, SelectInput, TopToolbar, AutocompleteInput } from 'react-admin';
import { membershipStatuses } from '../../domain/collections/memberships';
import { translatedChoices } from '../common/TranslatedField';
import { recordExporter } from '../common/exporter';
import { MoneyField } from '../common/money';
import { CardField, CustomerField, NextChargeField, PayerField, StatusField } from './MembershipFields';
import type { MembershipListRecord as ListedMembership } from '../../domain/api/memberships';

/*
 * Memberships: who attends and who pays, the plan, the current price, the next charge and its amount,
 * the card. The running ones by default, the next charge first; past due to call the payer.
 */

const filters = [
    <SelectInput
        key="status"
        source="status"
        choices={translatedChoices(membershipStatuses, 'app.memberships.statuses')}
        alwaysOn
        emptyText="ra.action.clear_input_value"
    />,
    <ReferenceInput key="subscriptionId" source="subscriptionId" reference="settings/subscriptions" alwaysOn>
        <SelectInput optionText="name" />
    </ReferenceInput>,
    <ReferenceInput key="customerId" source="customerId" reference="customers">
        <AutocompleteInput />
    </ReferenceInput>,
];

const Actions = () => (
    <TopToolbar>
        <ExportButton />
    </TopToolbar>
);

/** A row opens the customer's card, where its Membership section is. */
const customerCard = (_id: unknown, _resource: string, membership: ListedMembership) =>
    `/customers/${membership.customerId}`;

export const MembershipList = () => (
    <List<ListedMembership>
        title="app.menu.memberships"
        filters={filters}
        sort={{ field: 'nextChargeAt', order: 'ASC' }}
        actions={<Actions />}
        exporter={recordExporter}
    >
        <DataTable<ListedMembership> bulkActionButtons={false} rowClick={customerCard}>
            <DataTable.Col source="status" field={StatusField} />
            <DataTable.Col source="customerId" field={CustomerField} disableSort />
            <DataTable.Col source="payerId" field={PayerField} disableSort />
            <DataTable.Col source="planName" label="resources.memberships.fields.subscriptionId" disableSort />
            <DataTable.Col source="currentPrice" align="right" disableSort>
                <MoneyField source="currentPrice" />
            </DataTable.Col>
            <DataTable.Col source="nextChargeAt" field={NextChargeField} />
            <DataTable.Col source="nextAmount" align="right" disableSort>
                <MoneyField source="nextAmount" emptyText="" />
            </DataTable.Col>
            <DataTable.Col source="cardTitle" field={CardField} disableSort />
        </DataTable>
    </List>
);
