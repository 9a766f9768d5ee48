import { Typography } from '@mui/material';
import { DateInput, ResourceContextProvider, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { freezeSchema, unfreezeSchema } from '../../domain/freezes';
import type { Pass, Subscription } from '../../domain/types';
import { ActionDialog } from './ActionDialog';
import { useStudioToday } from '../../app/studio';

interface Props {
    pass: Pass;
    open: boolean;
    onClose: () => void;
}

type UnfreezeProps = Props & {
    /** Told the pass once it works again, so that the card can offer to settle the debts it covers now. */
    onUnfrozen?: (pass: Pass) => void;
};

const FreezeAllowance = ({ subscriptionId }: { subscriptionId: number }) => {
    const translate = useTranslate();
    const { data: plan } = useGetOne<Subscription>('settings/subscriptions', { id: subscriptionId });
    if (!plan) return null;
    return (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.money.dialogs.freeze_allowed', { smart_count: plan.freezeDays })}
        </Typography>
    );
};

/** Freezes a pass for a range of days; the end of the pass moves later by as many. */
export const FreezeDialog = ({ pass, open, onClose }: Props) => {
    const dataProvider = useDataProvider<StudioDataProvider>();
    const today = useStudioToday();
    const from = today < pass.startsOn ? pass.startsOn : today;
    return (
        <ResourceContextProvider value="passes">
            <ActionDialog
                open={open}
                onClose={onClose}
                title="app.money.dialogs.freeze"
                submitLabel="app.money.actions.freeze"
                schema={freezeSchema}
                defaultValues={{ from, to: from }}
                onSubmit={values =>
                    dataProvider.freezePass({ id: pass.id, from: values.from as string, to: values.to as string })
                }
                success="app.money.notifications.frozen"
            >
                <FreezeAllowance subscriptionId={pass.subscriptionId} />
                <DateInput source="from" fullWidth />
                <DateInput source="to" fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};

/** Ends a freeze early: the pass works again from the chosen day and gets the unused days back. */
export const UnfreezeDialog = ({ pass, open, onClose, onUnfrozen }: UnfreezeProps) => {
    const dataProvider = useDataProvider<StudioDataProvider>();
    const today = useStudioToday();
    return (
        <ResourceContextProvider value="passes">
            <ActionDialog
                open={open}
                onClose={onClose}
                title="app.money.dialogs.unfreeze"
                submitLabel="app.money.actions.unfreeze"
                schema={unfreezeSchema}
                defaultValues={{ on: today }}
                onSubmit={async values =>
                    onUnfrozen?.(await dataProvider.unfreezePass({ id: pass.id, on: values.on as string }))
                }
                success="app.money.notifications.unfrozen"
            >
                <DateInput source="on" fullWidth />
            </ActionDialog>
        </ResourceContextProvider>
    );
};
