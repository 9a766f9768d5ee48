import { ReferenceArrayField, useRecordContext, useTranslate } from 'react-admin';
import type { Subscription } from '../../domain/types';

/** The directions a plan covers, by name; a plan with none covers them all, and says so. */
export const PlanDirections = (_props: { source?: string; label?: string }) => {
    const plan = useRecordContext<Subscription>();
    const translate = useTranslate();
    if (!plan) return null;
    if (!plan.directionIds?.length) return <span>{translate('app.plans.all_directions')}</span>;
    return <ReferenceArrayField source="directionIds" reference="settings/directions" />;
};
