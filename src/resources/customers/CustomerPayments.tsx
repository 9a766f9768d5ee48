import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import {
    DataTable,
    Pagination,
    ReferenceField,
    ReferenceManyField,
    useCanAccess,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import type { Payment } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { MoneyField } from '../common/money';
import { TranslatedField } from '../common/TranslatedField';
import { CorrectionDialog } from './CorrectionDialog';
import { Empty, scrollableTable, Section } from './Section';

/** Money going out (a refund, a correction downwards) reads with a minus in the error colour; a correction upwards with a plus. */
const signOf = (payment: Payment): '−' | '+' | '' => {
    if (payment.kind === 'refund' || payment.amount < 0) return '−';
    return payment.kind === 'correction' ? '+' : '';
};

const signColour = { '−': 'error.main', '+': 'success.main', '': undefined } as const;

const SignedAmountField = (_props: { label?: string }) => {
    const payment = useRecordContext<Payment>();
    if (!payment) return null;
    const sign = signOf(payment);
    return (
        <Stack direction="row" justifyContent="flex-end" sx={{ color: signColour[sign] }}>
            {sign && <Typography component="span">{sign}</Typography>}
            {/* The sign is drawn apart, so the amount is shown without its own. */}
            <MoneyField
                source="amount"
                record={{ ...payment, amount: Math.abs(payment.amount) }}
                sx={{ color: 'inherit' }}
            />
        </Stack>
    );
};

/** A correction's note is its reason: shown with the entry it corrects, so that the pair reads together. */
const NoteField = (_props: { label?: string }) => {
    const payment = useRecordContext<Payment>();
    const translate = useTranslate();
    if (!payment) return null;
    if (payment.kind === 'correction')
        return <span>{translate('app.money.corrects', { id: payment.correctsId, reason: payment.note ?? '' })}</span>;
    return <span>{payment.note ?? ''}</span>;
};

/** Who took the payment: a user, or nobody when the customer paid on the payment page themselves. */
const TakenByField = (_props: { label?: string }) => {
    const payment = useRecordContext<Payment>();
    const translate = useTranslate();
    if (!payment) return null;
    if (payment.createdBy == null) return <span>{translate('app.money.taken_online')}</span>;
    return <ReferenceField source="createdBy" reference="settings/users" link={false} />;
};

/** Payments and refunds may be corrected; a correction is not (a second one on the same entry is). */
const CorrectButton = ({ onCorrect }: { onCorrect: (payment: Payment) => void }) => {
    const payment = useRecordContext<Payment>();
    const translate = useTranslate();
    if (!payment || payment.kind === 'correction') return null;
    return (
        <Button size="small" onClick={() => onCorrect(payment)}>
            {translate('app.money.actions.correct')}
        </Button>
    );
};

export const CustomerPayments = () => {
    // Correcting records a ledger entry: those who may record payments may correct them.
    const { canAccess: canCorrect } = useCanAccess({ resource: 'payments', action: 'create' });
    const [correcting, setCorrecting] = useState<Payment | null>(null);
    return (
        <Section title="app.money.sections.payments">
            <ReferenceManyField
                reference="payments"
                target="customerId"
                sort={{ field: 'paidAt', order: 'DESC' }}
                perPage={10}
                pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
            >
                <DataTable<Payment>
                    sx={scrollableTable}
                    bulkActionButtons={false}
                    rowClick={false}
                    empty={<Empty text="app.money.empty.payments" />}
                >
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
                        <NoteField />
                    </DataTable.Col>
                    <DataTable.Col source="createdBy">
                        <TakenByField />
                    </DataTable.Col>
                    {canCorrect && (
                        <DataTable.Col label=" " disableSort>
                            <CorrectButton onCorrect={setCorrecting} />
                        </DataTable.Col>
                    )}
                </DataTable>
            </ReferenceManyField>
            <CorrectionDialog payment={correcting} onClose={() => setCorrecting(null)} />
        </Section>
    );
};
