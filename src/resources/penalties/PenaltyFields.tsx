import { useState } from 'react';
import { Button, Chip, Typography, type ChipProps } from '@mui/material';
import { z } from 'zod';
import {
    ResourceContextProvider,
    TextInput,
    useDataProvider,
    useLocaleState,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { formatDateTime } from '../../app/i18n/dates';
import { useStudioConfig, useStudioTimezone } from '../../app/studio';
import { requiredText } from '../../domain/fields';
import type { Penalty } from '../../domain/types';
import { moneyFormatter } from '../../app/i18n/numbers';
import { ActionDialog } from '../customers/ActionDialog';

/*
 * What staff see of a penalty wherever it is listed (the dashboard, the customer's card): what it costs
 * in words, its state as a chip, when it applies or what became of it, and the Waive action of a pending one.
 */

/** "the visit" or "a fee of 500,00 ₽", in the interface's language and the studio's currency. */
export const usePenaltyCost = () => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const money = moneyFormatter(locale, useStudioConfig()?.currency ?? 'RUB');
    return (penalty: Pick<Penalty, 'action' | 'amount'>) =>
        penalty.action === 'fee'
            ? translate('app.penalties.cost.fee', { amount: money.format(penalty.amount ?? 0) })
            : translate('app.penalties.cost.visit');
};

/** The record's cost, in a table. */
export const PenaltyCostField = (_props: { label?: string }) => {
    const penalty = useRecordContext<Penalty>();
    const costOf = usePenaltyCost();
    return penalty ? <span>{costOf(penalty)}</span> : null;
};

// Pending asks for a decision; what cost the customer stands out from what did not.
const chipColors: Record<Penalty['status'], ChipProps['color']> = {
    pending: 'warning',
    applied: 'error',
    waived: 'default',
    forgiven: 'success',
    reversed: 'default',
};

export const PenaltyStatusChip = (_props: { label?: string }) => {
    const penalty = useRecordContext<Penalty>();
    const translate = useTranslate();
    if (!penalty) return null;
    return (
        <Chip
            size="small"
            variant="outlined"
            color={chipColors[penalty.status]}
            label={translate(`app.penalties.statuses.${penalty.status}`)}
        />
    );
};

/**
 * When a penalty applies, or what became of it: the time a pending one applies, and for the others the
 * word with its time (applied, waived) or none (forgiven, reversed); a waived one never shows the time
 * it would have applied.
 */
export const PenaltyAppliesField = (_props: { label?: string }) => {
    const penalty = useRecordContext<Penalty>();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    if (!penalty) return null;
    const at = (value: string | null | undefined) => (value ? formatDateTime(value, locale, timeZone) : '');
    const said: Record<Penalty['status'], string> = {
        pending: at(penalty.appliesAt),
        applied: translate('app.penalties.outcome.applied', { date: at(penalty.appliesAt) }),
        waived: penalty.decidedAt
            ? translate('app.penalties.outcome.waived', { date: at(penalty.decidedAt) })
            : translate('app.penalties.outcome.waived_undated'),
        forgiven: translate('app.penalties.outcome.forgiven'),
        reversed: translate('app.penalties.outcome.reversed'),
    };
    return <span>{said[penalty.status]}</span>;
};

// The server's own rule for the request: a reason is required.
const waiveSchema = z.object({ reason: requiredText(500) });

/** Waive, for a pending penalty: asks why, then forgives it; the screen is refreshed after. */
export const WaiveButton = ({ penalty, summary }: { penalty: Penalty; summary?: string }) => {
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const [open, setOpen] = useState(false);
    if (penalty.status !== 'pending') return null;
    return (
        <>
            <Button
                size="small"
                onClick={event => {
                    // In a row that opens something on click, the button acts alone.
                    event.stopPropagation();
                    setOpen(true);
                }}
            >
                {translate('app.penalties.waive.action')}
            </Button>
            <ResourceContextProvider value="penalties">
                <ActionDialog
                    open={open}
                    onClose={() => setOpen(false)}
                    title="app.penalties.waive.title"
                    submitLabel="app.penalties.waive.action"
                    schema={waiveSchema}
                    defaultValues={{ reason: '' }}
                    onSubmit={values => dataProvider.waivePenalty({ id: penalty.id, reason: String(values.reason) })}
                    success="app.penalties.waive.done"
                >
                    {summary && (
                        <Typography variant="body2" sx={{ mb: 1 }}>
                            {summary}
                        </Typography>
                    )}
                    <TextInput
                        source="reason"
                        multiline
                        fullWidth
                        autoFocus
                        helperText="app.penalties.waive.reason_help"
                    />
                </ActionDialog>
            </ResourceContextProvider>
        </>
    );
};
