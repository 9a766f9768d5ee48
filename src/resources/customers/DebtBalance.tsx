import { Chip } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { Attendance, Customer } from '../../domain/types';

/** The customer's balance of debts: visits that should have been charged and found no pass, counted by the server. */
export const DebtBalance = () => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const { total } = useGetList<Attendance>(
        'attendances',
        { filter: { customerId: customer?.id, unpaid: true }, pagination: { page: 1, perPage: 1 } },
        { enabled: !!customer },
    );
    if (total === undefined) return null;
    return total > 0 ? (
        <Chip color="error" label={translate('app.money.debt.some', { smart_count: total })} />
    ) : (
        <Chip color="success" variant="outlined" label={translate('app.money.debt.none')} />
    );
};
