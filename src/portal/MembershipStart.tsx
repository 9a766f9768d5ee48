import { useState } from 'react';
import {
    Alert,
    Button,
    Checkbox,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    FormControlLabel,
    Link,
    Stack,
    Typography,
} from '@mui/material';
import type { PortalPlan } from '../domain/api/portal';
import { periodLastDay, type MembershipPrice } from '../domain/memberships';
import { formatDate, formatMoney } from './format';
import { useI18n, type Translate } from './i18n';
import { membershipApi } from './membershipApi';
import { errorText, Failed, Loading, useLoad } from './parts';
import { usePaying } from './paying';

/*
 * Starting a membership from /my: the terms the payer agrees to (the amount of each month and from which,
 * the first month paid now with the card saved, the day of each next charge, how to cancel, the studio's
 * public offer) beside an unticked box with the consent's words; then the provider's page pays the first
 * month, as a plan bought in /my is paid.
 */

/** The consented price schedule in words: one line per step ("Months 1–3: …", "From month 4: …"). */
export const priceLines = (prices: MembershipPrice[], t: Translate, money: (amount: number) => string) => {
    const steps = [...prices].sort((a, b) => a.fromPeriod - b.fromPeriod);
    if (steps.length === 1) return [t('app.portal.memberships.price_once', { amount: money(steps[0].amount) })];
    return steps.map((step, index) => {
        const next = steps[index + 1];
        const amount = money(step.amount);
        if (!next) return t('app.portal.memberships.price_from', { from: step.fromPeriod, amount });
        return next.fromPeriod - 1 === step.fromPeriod
            ? t('app.portal.memberships.price_month', { from: step.fromPeriod, amount })
            : t('app.portal.memberships.price_months', { from: step.fromPeriod, to: next.fromPeriod - 1, amount });
    });
};

export const MembershipStart = ({
    plan,
    customerId,
    onClose,
}: {
    plan: PortalPlan;
    /** A ward's id when acting for one. */
    customerId?: number;
    onClose: () => void;
}) => {
    const { t, locale } = useI18n();
    const [agreed, setAgreed] = useState(false);
    const terms = useLoad(`terms ${plan.id} ${customerId ?? ''}`, () => membershipApi.terms(plan.id, customerId));
    const { pending, error, pay } = usePaying();
    const data = terms.data;
    const money = (amount: number) => formatMoney(amount, data?.currency ?? 'RUB', locale);
    const firstAmount = data ? [...data.prices].sort((a, b) => a.fromPeriod - b.fromPeriod)[0]?.amount : undefined;
    const start = () =>
        void pay(`membership ${plan.id}`, async () => ({
            url: (await membershipApi.start(plan.id, customerId)).confirmationUrl,
        }));

    return (
        <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="membership-start-title">
            <DialogTitle id="membership-start-title">
                {t('app.portal.memberships.start_title', { plan: data?.planName ?? plan.name })}
            </DialogTitle>
            <DialogContent>
                {terms.error !== undefined ? (
                    <Failed error={terms.error} onRetry={terms.reload} />
                ) : !data ? (
                    <Loading />
                ) : (
                    <Stack spacing={1.5} component="section" aria-label={t('app.portal.memberships.start')}>
                        <Stack spacing={0.5}>
                            {priceLines(data.prices, t, money).map(line => (
                                <Typography key={line} sx={{ fontWeight: 600 }}>
                                    {line}
                                </Typography>
                            ))}
                        </Stack>
                        <Typography>
                            {t('app.portal.memberships.first_period', {
                                from: formatDate(data.firstPeriod.periodStart, locale),
                                to: formatDate(periodLastDay(data.firstPeriod.periodEnd), locale),
                            })}
                        </Typography>
                        <Typography>
                            {t('app.portal.memberships.charge_day', {
                                day: data.chargeDay,
                                date: formatDate(data.firstPeriod.periodEnd, locale),
                            })}
                        </Typography>
                        <Typography color="text.secondary">{t('app.portal.memberships.notice')}</Typography>
                        {data.offerUrl && (
                            <Link href={data.offerUrl} target="_blank" rel="noopener">
                                {t('app.portal.memberships.offer')}
                            </Link>
                        )}
                        <FormControlLabel
                            sx={{ alignItems: 'flex-start', mt: 1 }}
                            control={
                                <Checkbox
                                    checked={agreed}
                                    onChange={event => setAgreed(event.target.checked)}
                                    sx={{ mt: -1 }}
                                />
                            }
                            label={data.consentText}
                        />
                        {error !== undefined && <Alert severity="error">{errorText(t, error)}</Alert>}
                        {!agreed && (
                            <Typography variant="body2" color="text.secondary">
                                {t('app.portal.memberships.agree_needed')}
                            </Typography>
                        )}
                    </Stack>
                )}
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button color="inherit" onClick={onClose}>
                    {t('app.portal.common.close')}
                </Button>
                <Button variant="contained" disabled={!data || !agreed || pending !== undefined} onClick={start}>
                    {t('app.portal.memberships.pay', { amount: firstAmount === undefined ? '' : money(firstAmount) })}
                </Button>
            </DialogActions>
        </Dialog>
    );
};
