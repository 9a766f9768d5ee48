import { CreateButton, DataTable, ExportButton, FilterButton, List, TopToolbar } from 'react-admin';
import type { Customer } from '../../domain/types';
import { DateField } from '../common/dates';
import { StatusChip } from '../common/statuses';
import { useCustomerFilters } from './CustomerFilters';

const Actions = () => (
    <TopToolbar>
        <FilterButton />
        <CreateButton />
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
