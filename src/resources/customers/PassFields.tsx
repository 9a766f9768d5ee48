import { Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatShortDate } from '../../app/i18n/dates';
import { passStateOn, visitsLeft, type PassState } from '../../domain/passes';
import type { Pass } from '../../domain/types';
import { useStudioConfig, useStudioToday } from '../../app/studio';

/** A pass as the server answers it: with what was paid for it and what is still due. */
export type PassRow = Pass & { paid?: number; refunded?: number; balanceDue?: number };

const stateColors: Record<PassState, 'success' | 'info' | 'default' | 'warning' | 'error'> = {
    active: 'success',
    frozen: 'info',
    not_started: 'default',
    used_up: 'warning',
    expired: 'default',
    cancelled: 'error',
};

/** The pass's state today, derived, never stored, and its freeze beneath when it has one. */
export const PassStateField = (_props: { label?: string }) => {
    const pass = useRecordContext<Pass>();
    const translate = useTranslate();
    const today = useStudioToday();
    if (!pass) return null;
    const state = passStateOn(pass, today);
    return (
        <Stack alignItems="flex-start" spacing={0.5}>
            <Chip size="small" color={stateColors[state]} label={translate(`app.pass_states.${state}`)} />
            <FreezeField />
        </Stack>
    );
};

export const VisitsLeftField = (_props: { label?: string }) => {
    const pass = useRecordContext<Pass>();
    const translate = useTranslate();
    if (!pass) return null;
    const left = visitsLeft(pass);
    return <span>{left === null ? translate('app.money.unlimited') : `${left} / ${pass.visitsTotal}`}</span>;
};

/** The freeze, "Freeze 12.11.2026 – 16.11.2026", when the pass has one. */
const FreezeField = () => {
    const pass = useRecordContext<Pass>();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    if (!pass?.frozenFrom || !pass.frozenTo) return null;
    return (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {`${translate('app.money.freeze')} ${formatShortDate(pass.frozenFrom, locale)} – ${formatShortDate(pass.frozenTo, locale)}`}
        </Typography>
    );
};

/** Formats an amount in the studio currency for running text (a choice, a chip), in the user's language. */
export const useMoneyText = () => {
    const currency = useStudioConfig()?.currency ?? 'RUB';
    const [locale] = useLocaleState();
    const format = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
        style: 'currency',
        currency,
        maximumFractionDigits: 2,
    });
    // Newer ICU groups Russian thousands with a narrow no-break space: a plain one reads and copies alike.
    return (amount: number) => format.format(amount).replace(/[\u202f\u00a0]/g, ' ');
};

/**
 * What was paid for the pass and what is still due, "paid 2 000 ₽ · due 3 200 ₽", while something is
 * due; and what was given back, "refunded 1 000 ₽", once something was (a refund is never a debt).
 */
export const PassBalanceField = (_props: { label?: string }) => {
    const pass = useRecordContext<PassRow>();
    const translate = useTranslate();
    const money = useMoneyText();
    if (!pass?.balanceDue && !pass?.refunded) return null;
    return (
        <>
            {!!pass.balanceDue && (
                <Typography variant="caption" color="error" sx={{ whiteSpace: 'nowrap' }} data-testid="pass-balance">
                    {translate('app.money.paid_due', { paid: money(pass.paid ?? 0), due: money(pass.balanceDue) })}
                </Typography>
            )}
            {!!pass.refunded && (
                <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ whiteSpace: 'nowrap' }}
                    data-testid="pass-refunded"
                >
                    {translate('app.money.refunded', { amount: money(pass.refunded) })}
                </Typography>
            )}
        </>
    );
};
