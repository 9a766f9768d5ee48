import { useState } from 'react';
import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { PortalPass } from '../domain/api/portal';
import { api } from './api';
import { usePortal } from './context';
import { formatDate, formatMoney, formatShortDay } from './format';
import { useI18n } from './i18n';
import { PauseDialog, ResumeDialog } from './PauseDialog';
import { MakeUps } from './MakeUps';
import { MembershipCards } from './Memberships';
import { Penalties } from './Penalties';
import { Empty, errorText, Failed, Heading, Loading, useLoad } from './parts';
import { usePaying } from './paying';
import { RouterLink } from './router';

/*
 * My passes: the ones in force and to come first, then those ended lately; each with its visits left,
 * its dates, its pause and what is still to pay, and "Pause" or "Resume" where the pass allows; under
 * them, the make-ups of excused absences, and the late cancels and missed classes that cost (or were forgiven).
 */

const stateColours: Record<PortalPass['state'], 'success' | 'info' | 'default' | 'warning'> = {
    active: 'success',
    frozen: 'info',
    not_started: 'warning',
    expired: 'default',
    used_up: 'default',
    cancelled: 'default',
};

/** Passes one can use now or later come first, in the server's order within each group. */
const usable = (pass: PortalPass) => ['active', 'frozen', 'not_started'].includes(pass.state);

export const Passes = () => {
    const { setup, actingId, me } = usePortal();
    const { t, locale } = useI18n();
    const passes = useLoad(`passes ${actingId ?? ''}`, async () => {
        const { passes: all, makeUps = [] } = await api.passes(actingId);
        return { passes: [...all.filter(usable), ...all.filter(pass => !usable(pass))], makeUps };
    });
    /** The dates that matter for the pass's state: when it starts, until when it works, when it ended. */
    const datesText = (pass: PortalPass) =>
        pass.state === 'not_started'
            ? t('app.portal.passes.from', { date: formatDate(pass.startsOn, locale) })
            : pass.state === 'expired'
              ? t('app.portal.passes.ended', { date: formatDate(pass.endsOn, locale) })
              : usable(pass)
                ? t('app.portal.passes.until', { date: formatDate(pass.endsOn, locale) })
                : undefined;
    const [pausing, setPausing] = useState<PortalPass>();
    const [resuming, setResuming] = useState<PortalPass>();
    const paying = usePaying();
    const done = () => {
        setPausing(undefined);
        setResuming(undefined);
        passes.reload();
    };

    return (
        <>
            <Heading title={t('app.portal.passes.title')} studioName={setup.studioName} />
            <MembershipCards customerId={actingId ?? me?.customer.id} quiet />
            {paying.error !== undefined && (
                <Alert severity="error" sx={{ mb: 2 }}>
                    {errorText(t, paying.error)}
                </Alert>
            )}
            {passes.error !== undefined ? (
                <Failed error={passes.error} onRetry={passes.reload} />
            ) : !passes.data ? (
                <Loading />
            ) : passes.data.passes.length === 0 ? (
                <Empty text={t('app.portal.passes.none')}>
                    <Button variant="contained" component={RouterLink} href="/plans">
                        {t('app.portal.refusals.see_plans')}
                    </Button>
                </Empty>
            ) : (
                <Stack spacing={1.5}>
                    {passes.data.passes.map(pass => {
                        const over = !usable(pass);
                        return (
                            <Card component="article" key={pass.id} aria-label={pass.name}>
                                <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                                    <Stack
                                        direction="row"
                                        justifyContent="space-between"
                                        alignItems="flex-start"
                                        gap={1}
                                    >
                                        <Typography
                                            component="h2"
                                            variant="h6"
                                            sx={{ fontWeight: 600, color: over ? 'text.secondary' : 'text.primary' }}
                                        >
                                            {pass.name}
                                        </Typography>
                                        <Chip
                                            size="small"
                                            color={stateColours[pass.state]}
                                            label={t(`app.portal.passes.states.${pass.state}`)}
                                        />
                                    </Stack>
                                    <Stack spacing={0.5} sx={{ mt: 1 }}>
                                        <Typography sx={{ fontWeight: 500 }}>
                                            {pass.visitsTotal === null || pass.visitsLeft === null
                                                ? t('app.portal.passes.unlimited')
                                                : t('app.portal.passes.visits_left', {
                                                      left: pass.visitsLeft,
                                                      total: pass.visitsTotal,
                                                  })}
                                        </Typography>
                                        {datesText(pass) && (
                                            <Typography color="text.secondary">{datesText(pass)}</Typography>
                                        )}
                                        {pass.frozenFrom && pass.frozenTo && (
                                            <Typography color="text.secondary">
                                                {t('app.portal.passes.frozen', {
                                                    from: formatShortDay(pass.frozenFrom, locale),
                                                    to: formatShortDay(pass.frozenTo, locale),
                                                })}
                                            </Typography>
                                        )}
                                        {!over && pass.freezeDays > 0 && (
                                            <Typography color="text.secondary">
                                                {t('app.portal.passes.freeze_days_left', {
                                                    smart_count: pass.freezeDaysLeft,
                                                })}
                                            </Typography>
                                        )}
                                        {pass.balanceDue > 0 && (
                                            <Typography sx={{ fontWeight: 600 }}>
                                                {t('app.portal.passes.due', {
                                                    amount: formatMoney(pass.balanceDue, setup.currency, locale),
                                                })}
                                            </Typography>
                                        )}
                                    </Stack>
                                    {(pass.canFreeze || pass.canUnfreeze || pass.balanceDue > 0) && (
                                        <Stack direction="row" gap={1} flexWrap="wrap" sx={{ pt: 1.5 }}>
                                            {pass.canFreeze && pass.freezeDaysLeft > 0 && (
                                                <Button variant="outlined" onClick={() => setPausing(pass)}>
                                                    {t('app.portal.passes.pause')}
                                                </Button>
                                            )}
                                            {pass.canUnfreeze && (
                                                <Button variant="outlined" onClick={() => setResuming(pass)}>
                                                    {t('app.portal.passes.resume')}
                                                </Button>
                                            )}
                                            {pass.balanceDue > 0 && (
                                                <Button
                                                    variant="contained"
                                                    disabled={paying.pending !== undefined}
                                                    onClick={() =>
                                                        void paying.pay(`pass ${pass.id}`, () => api.pay(pass.id))
                                                    }
                                                >
                                                    {t('app.portal.plans.pay')}
                                                </Button>
                                            )}
                                        </Stack>
                                    )}
                                </CardContent>
                            </Card>
                        );
                    })}
                </Stack>
            )}
            <MakeUps makeUps={passes.data?.makeUps ?? []} />
            <Penalties />
            {pausing && <PauseDialog pass={pausing} onClose={() => setPausing(undefined)} onDone={done} />}
            {resuming && <ResumeDialog pass={resuming} onClose={() => setResuming(undefined)} onDone={done} />}
        </>
    );
};
