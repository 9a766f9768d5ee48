import { Chip, Stack, type ChipProps } from '@mui/material';
import { DataTable, ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { DateField, DateTimeField } from '../common/dates';
import { MoneyField } from '../common/money';
import { Empty, scrollableTable } from '../customers/Section';
import type { Charge } from '../../domain/api/memberships';

/*
 * A membership's charges, the latest first: which period, which try, the amount, and how it went (a
 * decline with its reason and whether it was the money or the card).
 */

const chipColors: Record<Charge['status'], ChipProps['color']> = {
    pending: 'info',
    succeeded: 'success',
    declined: 'error',
    unknown: 'warning',
};

const ChargeStatusField = (_props: { label?: string }) => {
    const charge = useRecordContext<Charge>();
    const translate = useTranslate();
    if (!charge) return null;
    const why = [charge.cause && translate(`app.memberships.causes.${charge.cause}`), charge.reason]
        .filter(Boolean)
        .join(': ');
    return (
        <Stack direction="row" spacing={1} alignItems="center">
            <Chip
                size="small"
                color={chipColors[charge.status]}
                label={translate(`app.memberships.charge_statuses.${charge.status}`)}
            />
            {charge.status === 'declined' && why && <span>{why}</span>}
        </Stack>
    );
};

export const MembershipCharges = () => (
    <ReferenceManyField<Charge>
        reference="charges"
        target="membershipId"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={12}
    >
        <DataTable<Charge>
            sx={scrollableTable}
            bulkActionButtons={false}
            rowClick={false}
            empty={<Empty text="app.memberships.card.no_charges" />}
        >
            <DataTable.Col source="createdAt" field={DateTimeField} />
            <DataTable.Col source="periodStart" field={DateField} />
            <DataTable.Col source="attempt" align="right" />
            <DataTable.Col source="amount" align="right">
                <MoneyField source="amount" />
            </DataTable.Col>
            <DataTable.Col source="status" field={ChargeStatusField} />
        </DataTable>
    </ReferenceManyField>
);
