import { useState } from 'react';
import {
    Alert,
    Button,
    Card,
    CardContent,
    Chip,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    Stack,
    Typography,
} from '@mui/material';
import type { PortalMembership } from '../domain/api/memberships';
import { periodLastDay } from '../domain/memberships';
import { studioToday } from '../domain/time';
import { usePortal } from './context';
import { formatDate, formatMoney } from './format';
import { useI18n } from './i18n';
import { membershipApi } from './membershipApi';
import { MembershipCardChange } from './MembershipCardChange';
import { errorText } from './parts';

/*
 * One membership in /my: the plan, for whom, its state, the month it is in, the next charge and its
 * amount (or when it ends), the card, and a new price waiting for an answer. Its payer cancels it in two
 * taps (the button, then Yes), resumes it before the month ends, accepts a new price, changes the card
 * (paying the next month with the new one) and removes it after a confirm.
 */

type Asking = 'cancel' | 'remove' | 'card';

export const MembershipCard = ({
    membership,
    onChanged,
}: {
    membership: PortalMembership;
    /** Something changed on the server: the list is read again. */
    onChanged: () => void;
}) => {
    const { setup, me, notify } = usePortal();
    const { t, locale } = useI18n();
    const [asking, setAsking] = useState<Asking>();
    const [pending, setPending] = useState(false);
    const [error, setError] = useState<unknown>();
    const lastDay = formatDate(periodLastDay(membership.periodEnd), locale);
    const running = membership.status !== 'ended';
    const money = (amount: number) => formatMoney(amount, setup.currency, locale);
    const chargeDay = membership.nextChargeAt && studioToday(setup.timezone, new Date(membership.nextChargeAt));
    const card = membership.card;
    const cardUsable = card?.status === 'active';

    const act = async (action: () => Promise<unknown>, done: string) => {
        setPending(true);
        setError(undefined);
        try {
            await action();
            setAsking(undefined);
            notify(done);
            onChanged();
        } catch (failure) {
            setError(failure);
        } finally {
            setPending(false);
        }
    };
    const close = () => {
        setAsking(undefined);
        setError(undefined);
    };

    const state = !running
        ? { label: t('app.portal.memberships.states.ended'), color: 'default' as const }
        : membership.cancelAtPeriodEnd
          ? { label: t('app.portal.memberships.states.ending', { date: lastDay }), color: 'warning' as const }
          : membership.status === 'past_due'
            ? { label: t('app.portal.memberships.states.past_due'), color: 'error' as const }
            : { label: t('app.portal.memberships.states.active'), color: 'success' as const };

    return (
        <Card component="article" aria-label={membership.planName}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={1}>
                    <Stack>
                        <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
                            {membership.planName}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                            {t('app.portal.memberships.monthly')}
                            {me && membership.customerId !== me.customer.id
                                ? ` · ${t('app.portal.memberships.for_whom', { name: membership.customerName })}`
                                : ''}
                        </Typography>
                    </Stack>
                    <Chip size="small" color={state.color} label={state.label} />
                </Stack>
                <Stack spacing={0.5} sx={{ mt: 1 }}>
                    {running && (
                        <Typography color="text.secondary">
                            {t('app.portal.memberships.period', {
                                from: formatDate(membership.periodStart, locale),
                                to: lastDay,
                            })}
                        </Typography>
                    )}
                    {membership.status === 'past_due' && (
                        <Alert severity="warning" sx={{ my: 0.5 }}>
                            {t('app.portal.memberships.past_due')}
                        </Alert>
                    )}
                    {!running ? (
                        <Typography color="text.secondary">
                            {t('app.portal.memberships.ended', {
                                reason: membership.endReason
                                    ? t(`app.portal.memberships.end_reasons.${membership.endReason}`)
                                    : '',
                            })}
                        </Typography>
                    ) : membership.cancelAtPeriodEnd || !chargeDay || membership.nextAmount === null ? (
                        <Typography sx={{ fontWeight: 500 }}>
                            {t('app.portal.memberships.no_more', { date: lastDay })}
                        </Typography>
                    ) : (
                        <Typography sx={{ fontWeight: 600 }} data-testid="membership-next-charge">
                            {t('app.portal.memberships.next_charge', {
                                amount: money(membership.nextAmount),
                                date: formatDate(chargeDay, locale),
                            })}
                        </Typography>
                    )}
                    {running && (
                        <Typography color="text.secondary">
                            {!card
                                ? t('app.portal.memberships.no_card')
                                : card.expiresOn
                                  ? t('app.portal.memberships.card_expires', {
                                        title: card.title,
                                        date: formatDate(card.expiresOn, locale),
                                    })
                                  : t('app.portal.memberships.card', { title: card.title })}
                            {card && !cardUsable ? ` · ${t('app.portal.memberships.card_gone')}` : ''}
                        </Typography>
                    )}
                    {running && membership.priceChange && !membership.cancelAtPeriodEnd && (
                        <Alert severity="info" sx={{ my: 0.5 }} data-testid="membership-new-price">
                            {t('app.portal.memberships.new_price', {
                                amount: money(membership.priceChange.amount),
                                date: formatDate(membership.priceChange.startsOn, locale),
                            })}
                        </Alert>
                    )}
                    {running && !membership.isPayer && (
                        <Typography variant="body2" color="text.secondary">
                            {t('app.portal.memberships.paid_by_other')}
                        </Typography>
                    )}
                </Stack>
                {error !== undefined && asking === undefined && (
                    <Alert severity="error" sx={{ mt: 1.5 }}>
                        {errorText(t, error)}
                    </Alert>
                )}
                {running && membership.isPayer && (
                    <Stack direction="row" gap={1} flexWrap="wrap" sx={{ pt: 1.5 }}>
                        {membership.cancelAtPeriodEnd ? (
                            <Button
                                variant="contained"
                                disabled={pending}
                                onClick={() =>
                                    void act(
                                        () => membershipApi.resume(membership.id),
                                        t('app.portal.memberships.resumed'),
                                    )
                                }
                            >
                                {t('app.portal.memberships.resume')}
                            </Button>
                        ) : (
                            <Button variant="outlined" color="error" onClick={() => setAsking('cancel')}>
                                {t('app.portal.memberships.cancel')}
                            </Button>
                        )}
                        {membership.priceChange && !membership.cancelAtPeriodEnd && (
                            <Button
                                variant="contained"
                                disabled={pending}
                                onClick={() =>
                                    void act(
                                        () => membershipApi.acceptPrice(membership.id),
                                        t('app.portal.memberships.price_accepted'),
                                    )
                                }
                            >
                                {t('app.portal.memberships.accept_price')}
                            </Button>
                        )}
                        {membership.status === 'active' && !membership.cancelAtPeriodEnd && (
                            <Button variant="outlined" onClick={() => setAsking('card')}>
                                {t('app.portal.memberships.change_card')}
                            </Button>
                        )}
                        {card && cardUsable && (
                            <Button variant="outlined" onClick={() => setAsking('remove')}>
                                {t('app.portal.memberships.remove_card')}
                            </Button>
                        )}
                    </Stack>
                )}
            </CardContent>
            {asking === 'card' && <MembershipCardChange membership={membership} onClose={close} />}
            <Dialog
                open={asking === 'cancel' || asking === 'remove'}
                onClose={close}
                fullWidth
                maxWidth="xs"
                aria-labelledby="ask-title"
            >
                <DialogTitle id="ask-title">
                    {asking === 'remove'
                        ? t('app.portal.memberships.remove_title', { title: card?.title ?? '' })
                        : t('app.portal.memberships.cancel_title')}
                </DialogTitle>
                <DialogContent>
                    <Typography>
                        {asking === 'remove'
                            ? t('app.portal.memberships.remove_text')
                            : t('app.portal.memberships.cancel_text', { date: lastDay })}
                    </Typography>
                    {error !== undefined && (
                        <Alert severity="error" sx={{ mt: 2 }}>
                            {errorText(t, error)}
                        </Alert>
                    )}
                </DialogContent>
                <DialogActions sx={{ px: 3, pb: 2 }}>
                    <Button color="inherit" onClick={close}>
                        {t('app.portal.memberships.keep')}
                    </Button>
                    <Button
                        variant="contained"
                        color="error"
                        disabled={pending}
                        onClick={() =>
                            void (asking === 'remove' && card
                                ? act(() => membershipApi.removeCard(card.id), t('app.portal.memberships.removed'))
                                : act(
                                      () => membershipApi.cancel(membership.id),
                                      t('app.portal.memberships.cancelled', { date: lastDay }),
                                  ))
                        }
                    >
                        {asking === 'remove'
                            ? t('app.portal.memberships.remove_confirm')
                            : t('app.portal.memberships.cancel_confirm')}
                    </Button>
                </DialogActions>
            </Dialog>
        </Card>
    );
};
