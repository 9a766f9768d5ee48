import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { localDateTimeAt } from '../domain/time';
import type { OwnPenalty } from '../domain/api/portal';
import { api } from './api';
import { usePortal } from './context';
import { formatMoney, formatWhen } from './format';
import { useI18n } from './i18n';
import { errorText, useLoad } from './parts';
import { usePaying } from './paying';

/*
 * The late cancels and no-shows of the last 90 days of whom the customer acts for (a parent sees their
 * child's): what each was for, what it costs under the plan and where it stands. Shown under the passes,
 * which they charge; nothing when there are none.
 */

const statusColours: Record<OwnPenalty['status'], 'warning' | 'error' | 'success' | 'default'> = {
    pending: 'warning',
    applied: 'error',
    waived: 'success',
    forgiven: 'success',
    reversed: 'default',
};

export const Penalties = () => {
    const { setup, actingId } = usePortal();
    const { t, locale } = useI18n();
    const penalties = useLoad(`penalties ${actingId ?? ''}`, () => api.penalties(actingId));
    const paying = usePaying();
    const shown = penalties.data?.penalties ?? [];
    if (!shown.length) return null;
    const cost = (penalty: OwnPenalty) =>
        penalty.action === 'fee'
            ? t('app.portal.cancel.cost_fee', { amount: formatMoney(penalty.amount ?? 0, setup.currency, locale) })
            : t('app.portal.cancel.cost_visit');
    return (
        <Stack component="section" spacing={1.5} sx={{ mt: 3 }} aria-labelledby="penalties-title">
            <Typography id="penalties-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
                {t('app.portal.penalties.title')}
            </Typography>
            {paying.error !== undefined && <Alert severity="error">{errorText(t, paying.error)}</Alert>}
            {shown.map(penalty => (
                <Card key={penalty.id} variant="outlined">
                    <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={1}>
                            <Typography sx={{ fontWeight: 600 }}>
                                {t(`app.portal.penalties.kinds.${penalty.kind}`)}
                            </Typography>
                            <Chip
                                size="small"
                                color={statusColours[penalty.status]}
                                label={t(`app.portal.penalties.statuses.${penalty.status}`)}
                            />
                        </Stack>
                        {penalty.class && (
                            <Typography color="text.secondary">
                                {penalty.class.title}, {formatWhen(penalty.class.startsAt, locale)}
                            </Typography>
                        )}
                        <Typography>
                            {penalty.status === 'pending'
                                ? t('app.portal.penalties.will_cost', {
                                      cost: cost(penalty),
                                      time: formatWhen(localDateTimeAt(penalty.appliesAt, setup.timezone), locale),
                                  })
                                : penalty.status === 'applied'
                                  ? t(
                                        penalty.action === 'fee' && !penalty.paid
                                            ? 'app.portal.penalties.owed'
                                            : 'app.portal.penalties.cost',
                                        {
                                            cost: cost(penalty),
                                        },
                                    )
                                  : t('app.portal.penalties.free')}
                        </Typography>
                        {penalty.status === 'applied' && penalty.action === 'fee' && !penalty.paid && (
                            <Button
                                variant="contained"
                                sx={{ mt: 1.5 }}
                                disabled={paying.pending !== undefined}
                                onClick={() => void paying.pay(`fee ${penalty.id}`, () => api.payFee(penalty.id))}
                            >
                                {t('app.portal.plans.pay')}
                            </Button>
                        )}
                    </CardContent>
                </Card>
            ))}
        </Stack>
    );
};
