import { useState } from 'react';
import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { PortalPlan } from '../domain/api/portal';
import { api } from './api';
import { usePortal } from './context';
import { formatMoney } from './format';
import { useI18n } from './i18n';
import { Empty, errorText, Failed, Heading, Loading, useLoad } from './parts';
import { MembershipStart } from './MembershipStart';
import { usePaying } from './paying';

/** The plans sold online, to buy, and what is owed on one's passes, to pay. */

export const Plans = () => {
    const { setup, acting, actingId } = usePortal();
    const { t, locale } = useI18n();
    const plans = useLoad(`plans ${actingId ?? ''}`, () => api.plans(actingId));
    // What is due is paid pass by pass: the passes that owe, when the customer owes anything.
    const owed = acting !== undefined && acting.balanceDue > 0;
    const dues = useLoad(`dues ${actingId ?? ''} ${owed}`, async () =>
        owed ? (await api.passes(actingId)).passes.filter(pass => pass.balanceDue > 0) : [],
    );
    const { pending, error, pay } = usePaying();
    /** A plan that renews each month, whose terms are shown before the payer agrees. */
    const [subscribing, setSubscribing] = useState<PortalPlan>();
    const money = (amount: number) => formatMoney(amount, setup.currency, locale);

    return (
        <>
            <Heading title={t('app.portal.plans.title')} studioName={setup.studioName} />
            {error !== undefined && (
                <Alert severity="error" sx={{ mb: 2 }}>
                    {errorText(t, error)}
                </Alert>
            )}
            {acting && (dues.data ?? []).length > 0 && (
                <Card component="section" aria-label={t('app.portal.plans.due_title')} sx={{ mb: 2 }}>
                    <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                        <Typography component="h2" sx={{ fontWeight: 600 }}>
                            {t('app.portal.plans.due_title')}
                        </Typography>
                        <Typography color="text.secondary">
                            {t('app.portal.plans.due', { amount: money(acting.balanceDue) })}
                        </Typography>
                        {(dues.data ?? []).map(pass => (
                            <Stack
                                key={pass.id}
                                direction="row"
                                alignItems="center"
                                justifyContent="space-between"
                                gap={2}
                                sx={{ pt: 1.5 }}
                            >
                                <Typography>
                                    {pass.name}: <b>{money(pass.balanceDue)}</b>
                                </Typography>
                                <Button
                                    variant="contained"
                                    disabled={pending !== undefined}
                                    aria-label={`${t('app.portal.plans.pay')}: ${pass.name}`}
                                    onClick={() => void pay(`pass ${pass.id}`, () => api.pay(pass.id))}
                                >
                                    {t('app.portal.plans.pay')}
                                </Button>
                            </Stack>
                        ))}
                    </CardContent>
                </Card>
            )}
            {plans.error !== undefined ? (
                <Failed error={plans.error} onRetry={plans.reload} />
            ) : !plans.data ? (
                <Loading />
            ) : plans.data.plans.length === 0 ? (
                <Empty text={t('app.portal.plans.none')} />
            ) : (
                <Stack spacing={1.5}>
                    {plans.data.plans.map(plan => (
                        <Card component="article" key={plan.id} aria-label={plan.name}>
                            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                                <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={1}>
                                    <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
                                        {plan.name}
                                    </Typography>
                                    {plan.trial && (
                                        <Chip size="small" color="secondary" label={t('app.portal.plans.trial')} />
                                    )}
                                </Stack>
                                <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                                    {plan.visits === null
                                        ? t('app.portal.plans.unlimited')
                                        : t('app.portal.plans.visits', { smart_count: plan.visits })}{' '}
                                    {t('app.portal.plans.days', { smart_count: plan.validityDays })}
                                </Typography>
                                {plan.freezeDays > 0 && (
                                    <Typography variant="body2" color="text.secondary">
                                        {t('app.portal.plans.pause_days', { smart_count: plan.freezeDays })}
                                    </Typography>
                                )}
                                {plan.directions.length > 0 && (
                                    <Typography variant="body2" color="text.secondary">
                                        {t('app.portal.plans.directions', { list: plan.directions.join(', ') })}
                                    </Typography>
                                )}
                                <Stack
                                    direction="row"
                                    alignItems="center"
                                    justifyContent="space-between"
                                    sx={{ pt: 1.5 }}
                                >
                                    <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
                                        {plan.autoRenew
                                            ? t('app.portal.memberships.price_once', { amount: money(plan.price) })
                                            : money(plan.price)}
                                    </Typography>
                                    {plan.autoRenew ? (
                                        <Button variant="contained" onClick={() => setSubscribing(plan)}>
                                            {t('app.portal.memberships.start')}
                                        </Button>
                                    ) : (
                                        <Button
                                            variant="contained"
                                            disabled={pending !== undefined}
                                            onClick={() =>
                                                void pay(`plan ${plan.id}`, () => api.buy(plan.id, actingId))
                                            }
                                        >
                                            {t('app.portal.plans.buy')}
                                        </Button>
                                    )}
                                </Stack>
                            </CardContent>
                        </Card>
                    ))}
                </Stack>
            )}
            {subscribing && (
                <MembershipStart plan={subscribing} customerId={actingId} onClose={() => setSubscribing(undefined)} />
            )}
        </>
    );
};
