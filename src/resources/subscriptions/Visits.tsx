import { FunctionField, useTranslate } from 'react-admin';
import type { Subscription } from '../../domain/types';

/** A plan's visits, or "Unlimited". */
export const Visits = (_props: { source: string; label?: string }) => {
    const translate = useTranslate();
    return <FunctionField<Subscription> render={plan => plan.visits ?? translate('app.plans.unlimited')} />;
};
