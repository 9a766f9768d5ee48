import { Chip } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { Attendance, Customer } from '../../domain/types';
import { useMoneyText } from './PassFields';

/** What the customer still owes on their passes (the rest of part payments), computed by the server; nothing when nothing is. */
const OwedChip = () => {
    const customer = useRecordContext<Customer & { balanceDue?: number }>();
    const translate = useTranslate();
    const money = useMoneyText();
    if (!customer?.balanceDue) return null;
    return (
        <Chip
            color="error"
            variant="outlined"
            data-testid="customer-owed"
            label={translate('app.money.owed', { amount: money(customer.balanceDue) })}
        />
    );
};

/**
 * The customer's balance of debts: visits that should have been charged and found no pass, counted by
 * the server; and beside it what is still owed on their passes.
 */
export const DebtBalance = () => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const { total } = useGetList<Attendance>(
        'attendances',
        { filter: { customerId: customer?.id, unpaid: true }, pagination: { page: 1, perPage: 1 } },
        { enabled: !!customer },
    );
    if (total === undefined) return <OwedChip />;
    return (
        <>
            {total > 0 ? (
                <Chip color="error" label={translate('app.money.debt.some', { smart_count: total })} />
            ) : (
                <Chip color="success" variant="outlined" label={translate('app.money.debt.none')} />
            )}
            <OwedChip />
        </>
    );
};
