import { useState } from 'react';
import {
    Alert,
    Button,
    CircularProgress,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    Stack,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { personName } from '../../domain/journal';
import type { Customer } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';
import { LinkToGive } from './LinkToGive';
import { erasedStatus } from './erased';

/*
 * On the card, for managers and admins: a one-time link that signs the customer in to the portal without
 * a code, for one who cannot receive a code or asks at the desk. Its page waits for the customer to press
 * the button, so a messenger's preview of the link does not use it up. A new link replaces the one made
 * before, which is why the dialog makes one only when opened.
 */
export const CustomerSignInLink = () => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { canAccess } = useCanAccess({ resource: 'customers', action: 'edit' });
    const [open, setOpen] = useState(false);
    const link = useMutation({ mutationFn: (id: Customer['id']) => dataProvider.makeSignInLink({ id }) });
    // An erased card has nobody to sign in.
    if (!customer || !canAccess || customer.status === erasedStatus) return null;
    const start = () => {
        setOpen(true);
        link.mutate(customer.id);
    };
    return (
        <>
            <Button variant="outlined" size="small" onClick={start} sx={{ flexShrink: 0 }}>
                {translate('resources.customers.sign_in_link.button')}
            </Button>
            <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
                <DialogTitle>{translate('resources.customers.sign_in_link.title')}</DialogTitle>
                <DialogContent>
                    {link.isPending && (
                        <Stack alignItems="center" sx={{ py: 2 }}>
                            <CircularProgress />
                        </Stack>
                    )}
                    {link.isError && (
                        <Alert severity="error" variant="outlined">
                            {translate('resources.customers.sign_in_link.failed', {
                                error: refusalMessage(translate, link.error),
                            })}
                        </Alert>
                    )}
                    {link.data && (
                        <Stack spacing={2}>
                            <DialogContentText>
                                {translate('resources.customers.sign_in_link.text', { name: personName(customer) })}
                            </DialogContentText>
                            <LinkToGive
                                url={link.data.url}
                                expiresAt={link.data.expiresAt}
                                texts="resources.customers.sign_in_link"
                            />
                        </Stack>
                    )}
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
                </DialogActions>
            </Dialog>
        </>
    );
};
