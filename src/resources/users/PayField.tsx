import { useRecordContext } from 'react-admin';
import { currentRate } from '../../domain/pay';
import type { User } from '../../domain/types';
import { RateText } from './RateText';
import { useStudioToday } from '../../app/studio';

/** A teacher's rate in force today for all their classes: "Per class · 1,500.00 ₽"; nothing for staff who are not paid per class. */
export const PayField = (_props: { label?: string }) => {
    const user = useRecordContext<User>();
    const today = useStudioToday();
    if (!user || user.role !== 'teacher' || !Array.isArray(user.pay)) return null;
    return <RateText rate={currentRate(user.pay, today)} />;
};
