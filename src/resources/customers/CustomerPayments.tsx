import { Stack, Typography } from '@mui/material';
import { DataTable, Pagination, ReferenceField, ReferenceManyField, TextField, useRecordContext } from 'react-admin';
import type { Payment } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { MoneyField } from '../common/money';
import { TranslatedField } from '../common/TranslatedField';
import { Empty, scrollableTable, Section } from './Section';

/** A refund reads as money going out: a minus, in the error colour. */
const SignedAmountField = (_props: { label?: string }) => {
    const payment = useRecordContext<Payment>();
    if (!payment) return null;
    const refund = payment.kind === 'refund';
    return (
        <Stack direction="row" justifyContent="flex-end" sx={{ color: refund ? 'error.main' : undefined }}>
            {refund && <Typography component="span">−</Typography>}
            <MoneyField source="amount" sx={{ color: 'inherit' }} />
        </Stack>
    );
};

export const CustomerPayments = () => (
    <Section title="app.money.sections.payments">
        <ReferenceManyField reference="payments" target="customerId" sort={{ field: 'paidAt', order: 'DESC' }} perPage={10} pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}>
            <DataTable<Payment> sx={scrollableTable} bulkActionButtons={false} rowClick={false} empty={<Empty text="app.money.empty.payments" />}>
                <DataTable.Col source="paidAt" field={DateTimeField} sx={{ whiteSpace: 'nowrap' }} />
                <DataTable.Col source="kind">
                    <TranslatedField source="kind" prefix="app.payment_kinds" />
                </DataTable.Col>
                <DataTable.Col source="amount" align="right">
                    <SignedAmountField />
                </DataTable.Col>
                <DataTable.Col source="method">
                    <TranslatedField source="method" prefix="app.payment_methods" />
                </DataTable.Col>
                <DataTable.Col source="passId">
                    <ReferenceField source="passId" reference="passes" link={false} emptyText="—" />
                </DataTable.Col>
                <DataTable.Col source="note">
                    <TextField source="note" emptyText="" />
                </DataTable.Col>
            </DataTable>
        </ReferenceManyField>
    </Section>
);
