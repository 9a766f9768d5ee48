import { EmailField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import type { Customer } from '../../domain/types';
import { StatusChip } from '../common/statuses';
import { DateField } from '../common/dates';

const CustomerTitle = () => {
    const record = useRecordContext<Customer>();
    return <span>{record ? `${record.firstName} ${record.lastName}` : ''}</span>;
};

/** The customer's card at /customers/{id}: the profile; passes, visits and payments join it with the money screens. */
export const CustomerCard = () => (
    <Show<Customer> title={<CustomerTitle />} actions={false}>
        <SimpleShowLayout>
            <TextField source="firstName" />
            <TextField source="lastName" />
            <TextField source="phone" />
            <EmailField source="email" emptyText="—" />
            <DateField source="birthDate" emptyText="—" />
            <Labeled source="status">
                <StatusChip list="customer" />
            </Labeled>
            <TextField source="source" emptyText="—" />
            <TextField source="notes" emptyText="—" />
            <DateField source="createdAt" />
        </SimpleShowLayout>
    </Show>
);
