import { DataTable, ExportButton, List, SelectInput, TopToolbar } from 'react-admin';
import type { Customer } from '../../domain/types';
import { StatusChip, useStatuses } from '../common/statuses';
import { DateField } from '../common/dates';
import { searchFilter } from '../common/lists';

const useCustomerFilters = () => {
    const statuses = useStatuses('customer');
    return [
        searchFilter,
        <SelectInput key="status" source="status" choices={statuses} optionValue="code" optionText="label" />,
    ];
};

const Actions = () => (
    <TopToolbar>
        <ExportButton />
    </TopToolbar>
);

export const CustomerList = () => (
    <List<Customer> title="app.menu.customers" filters={useCustomerFilters()} actions={<Actions />} sort={{ field: 'lastName', order: 'ASC' }}>
        <DataTable<Customer> rowClick="edit">
            <DataTable.Col source="lastName" />
            <DataTable.Col source="firstName" />
            <DataTable.Col source="phone" />
            <DataTable.Col source="email" />
            <DataTable.Col source="status">
                <StatusChip list="customer" />
            </DataTable.Col>
            <DataTable.Col source="source" />
            <DataTable.Col source="createdAt" field={DateField} />
        </DataTable>
    </List>
);
