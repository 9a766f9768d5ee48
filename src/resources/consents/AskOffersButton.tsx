import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { httpClient } from '../../app/dataProvider';
import type { AskOffersAnswer } from '../../domain/api/askOffers';
import { personName } from '../../domain/journal';
import type { Customer } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';

/*
 * On the card's Consents section, for managers and admins: the one message that asks the customer whether
 * they take offers by message, with a one-tap yes in the portal. It asks first what is about to go, since
 * it may go once in 90 days; the server refuses, saying why, one who agreed already, was asked lately or
 * whom no message reaches. Not shown while the customer takes offers.
 */

const ask = async (id: Customer['id']) =>
    (await httpClient(`/api/customers/${id}/ask-offers`, { method: 'POST', body: '{}' })).json as AskOffersAnswer;

export const AskOffersButton = ({ takesOffers }: { takesOffers: boolean }) => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const { canAccess } = useCanAccess({ resource: 'consents', action: 'create' });
    const [open, setOpen] = useState(false);
    const asking = useMutation({
        mutationFn: ask,
        onSuccess: answer => {
            setOpen(false);
            notify('app.consents.ask.sent', {
                type: 'info',
                messageArgs: { channel: translate(`app.messages.channels.${answer.channel}`) },
            });
        },
        onError: error => notify(refusalMessage(translate, error), { type: 'error' }),
        // The outbox on the card shows the question (or nothing new, when refused).
        onSettled: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
    });
    if (!customer || !canAccess || takesOffers) return null;
    return (
        <>
            <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
                {translate('app.consents.ask.button')}
            </Button>
            <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
                <DialogTitle>{translate('app.consents.ask.title')}</DialogTitle>
                <DialogContent>
                    <DialogContentText>
                        {translate('app.consents.ask.text', { name: personName(customer) })}
                    </DialogContentText>
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
                    <Button variant="contained" disabled={asking.isPending} onClick={() => asking.mutate(customer.id)}>
                        {translate('app.consents.ask.send')}
                    </Button>
                </DialogActions>
            </Dialog>
        </>
    );
};
