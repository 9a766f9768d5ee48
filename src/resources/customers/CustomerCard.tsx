import { Divider, Stack } from '@mui/material';
import { Edit, SimpleForm, useRecordContext } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { customerSchema } from '../../domain/schemas';
import type { Customer } from '../../domain/types';
import { StatusChip } from '../common/statuses';
import { RecordHistory } from '../history/RecordHistory';
import { CustomerInputs } from './CustomerInputs';
import { CustomerLinks } from './CustomerLinks';
import { CustomerPasses } from './CustomerPasses';
import { CustomerPayments } from './CustomerPayments';
import { CustomerVisits } from './CustomerVisits';
import { DebtBalance } from './DebtBalance';

const validateCustomer = schemaValidator(customerSchema);

const CustomerTitle = () => {
    const record = useRecordContext<Customer>();
    return <span>{record ? `${record.firstName} ${record.lastName}` : ''}</span>;
};

/**
 * The customer's card at /customers/{id}: the profile (editable), the balance of debts, then passes,
 * payments, payment links and visits, each paged by the server; for admins, the history of its changes.
 */
export const CustomerCard = () => (
    <Edit<Customer> title={<CustomerTitle />} actions={false} mutationMode="pessimistic" redirect={false}>
        <SimpleForm validate={validateCustomer}>
            <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
                <StatusChip list="customer" />
                <DebtBalance />
            </Stack>
            <CustomerInputs />
        </SimpleForm>
        <Divider />
        <Stack spacing={4} sx={{ p: 2 }}>
            <CustomerPasses />
            <CustomerPayments />
            <CustomerLinks />
            <CustomerVisits />
            <RecordHistory target="customerId" />
        </Stack>
    </Edit>
);
