import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { httpClient } from '../../app/dataProvider';
import { formatShortDate } from '../../app/i18n/dates';
import { periodLastDay } from '../../domain/memberships';
import { refusalMessage } from '../common/conflicts';
import type { MembershipListRecord as ListedMembership } from '../../domain/api/memberships';
import { MembershipPriceDialog } from './MembershipPriceDialog';

/*
 * Staff's Cancel (asked once more: nothing is charged after it, and it ends with the period), Resume
 * (until the period ends) and New price of a running membership. Managers and admins.
 */

const change = async (id: number, action: 'cancel' | 'resume') =>
    (await httpClient(`/api/memberships/${id}/${action}`, { method: 'POST', body: '{}' })).json as ListedMembership;

export const MembershipActions = ({ membership }: { membership: ListedMembership }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const [locale] = useLocaleState();
    const queryClient = useQueryClient();
    const { canAccess } = useCanAccess({ resource: 'memberships', action: 'create' });
    const [asking, setAsking] = useState(false);
    const [pricing, setPricing] = useState(false);
    const changing = useMutation({
        mutationFn: (action: 'cancel' | 'resume') => change(membership.id, action),
        onSuccess: (_answer, action) => {
            setAsking(false);
            notify(action === 'cancel' ? 'app.memberships.card.cancelled' : 'app.memberships.card.resumed', {
                type: 'success',
            });
        },
        onError: error => notify(refusalMessage(translate, error), { type: 'error' }),
        onSettled: () => queryClient.invalidateQueries({ queryKey: ['memberships'] }),
    });
    if (!canAccess || membership.status === 'ended') return null;
    if (membership.cancelAtPeriodEnd)
        return (
            <Button size="small" disabled={changing.isPending} onClick={() => changing.mutate('resume')}>
                {translate('app.memberships.card.resume')}
            </Button>
        );
    return (
        <>
            <Button size="small" onClick={() => setPricing(true)}>
                {translate('app.memberships.price.action')}
            </Button>
            <MembershipPriceDialog membership={membership} open={pricing} onClose={() => setPricing(false)} />
            <Button size="small" color="error" onClick={() => setAsking(true)}>
                {translate('app.memberships.card.cancel')}
            </Button>
            <Dialog open={asking} onClose={() => setAsking(false)} fullWidth maxWidth="xs">
                <DialogTitle>{translate('app.memberships.card.cancel_title')}</DialogTitle>
                <DialogContent>
                    <DialogContentText>
                        {translate('app.memberships.card.cancel_text', {
                            date: formatShortDate(periodLastDay(membership.periodEnd), locale),
                        })}
                    </DialogContentText>
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setAsking(false)}>{translate('app.memberships.card.keep')}</Button>
                    <Button
                        variant="contained"
                        color="error"
                        disabled={changing.isPending}
                        onClick={() => changing.mutate('cancel')}
                    >
                        {translate('app.memberships.card.cancel_confirm')}
                    </Button>
                </DialogActions>
            </Dialog>
        </>
    );
};
