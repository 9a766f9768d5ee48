import { Chip } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatShortDate } from '../../app/i18n/dates';
import { passStateOn, visitsLeft, type PassState } from '../../domain/passes';
import type { Pass } from '../../domain/types';
import { useStudioToday } from './today';

const stateColors: Record<PassState, 'success' | 'info' | 'default' | 'warning' | 'error'> = {
    active: 'success',
    frozen: 'info',
    not_started: 'default',
    used_up: 'warning',
    expired: 'default',
    cancelled: 'error',
};

/** The pass's state today, derived, never stored. */
export const PassStateField = (_props: { label?: string }) => {
    const pass = useRecordContext<Pass>();
    const translate = useTranslate();
    const today = useStudioToday();
    if (!pass) return null;
    const state = passStateOn(pass, today);
    return <Chip size="small" color={stateColors[state]} label={translate(`app.pass_states.${state}`)} />;
};

export const VisitsLeftField = (_props: { label?: string }) => {
    const pass = useRecordContext<Pass>();
    const translate = useTranslate();
    if (!pass) return null;
    const left = visitsLeft(pass);
    return <span>{left === null ? translate('app.money.unlimited') : `${left} / ${pass.visitsTotal}`}</span>;
};

/** The freeze, "12.11.2026 – 16.11.2026", when the pass has one. */
export const FreezeField = (_props: { label?: string }) => {
    const pass = useRecordContext<Pass>();
    const [locale] = useLocaleState();
    if (!pass?.frozenFrom || !pass.frozenTo) return null;
    return <span>{`${formatShortDate(pass.frozenFrom, locale)} – ${formatShortDate(pass.frozenTo, locale)}`}</span>;
};
