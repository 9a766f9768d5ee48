import { Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { User } from '../../domain/types';
import { MoneyField } from '../common/money';

/** A teacher's pay rule: "Per class · 1,500.00 ₽"; nothing for staff who are not paid per class. */
export const PayField = (_props: { label?: string }) => {
    const translate = useTranslate();
    const user = useRecordContext<User>();
    if (!user || user.role !== 'teacher' || !user.pay) return null;
    return (
        <Stack direction="row" spacing={0.5} component="span">
            <span>{translate(`app.pay_kinds.${user.pay.kind}`)}</span>
            {user.pay.kind !== 'none' && (
                <>
                    <span>·</span>
                    <MoneyField source="pay.amount" />
                </>
            )}
        </Stack>
    );
};
