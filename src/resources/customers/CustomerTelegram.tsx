import { useState } from 'react';
import {
    Alert,
    AlertTitle,
    Button,
    Chip,
    CircularProgress,
    Dialog,
    DialogActions,
    DialogContent,
    DialogContentText,
    DialogTitle,
    Stack,
    Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useRecordContext, useTranslate, type HttpError } from 'react-admin';
import type { StudioDataProvider, TelegramLink } from '../../app/dataProvider';
import type { Customer } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';
import { LinkToGive } from './LinkToGive';

/*
 * On the card, beside the customer's message choices: whether they linked Telegram, and for managers and
 * admins a one-time link to the studio's bot that the customer opens in Telegram to link their chat. A
 * new link replaces the one made before; a 409 means this server has no bot set up.
 */

/** "Telegram linked" or not, in the colour of its state: shown on the fold of the message choices. */
export const TelegramChip = () => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    if (!customer) return null;
    return (
        <Chip
            size="small"
            variant="outlined"
            color={customer.telegramLinked ? 'success' : 'default'}
            label={translate(
                customer.telegramLinked ? 'app.messages.telegram.linked' : 'app.messages.telegram.not_linked',
            )}
        />
    );
};

/** The link made: what the customer does with it, its address, a copy button, and when it ends. */
const LinkMade = ({ link }: { link: TelegramLink }) => {
    const translate = useTranslate();
    return (
        <Stack spacing={2}>
            <DialogContentText>{translate('app.messages.telegram.dialog_text')}</DialogContentText>
            <LinkToGive
                url={link.url}
                expiresAt={link.expiresAt}
                texts="app.messages.telegram"
                actions={
                    <Button variant="outlined" href={link.url} target="_blank" rel="noopener">
                        {translate('app.messages.telegram.open')}
                    </Button>
                }
            />
        </Stack>
    );
};

/** Why no link was made: Telegram not set up here (409), or what the server said. */
const Refused = ({ error }: { error: unknown }) => {
    const translate = useTranslate();
    if ((error as HttpError | null)?.status === 409)
        return (
            <Alert severity="warning" variant="outlined">
                <AlertTitle>{translate('app.messages.telegram.not_configured_title')}</AlertTitle>
                {translate('app.messages.telegram.not_configured_text')}
            </Alert>
        );
    return (
        <Alert severity="error" variant="outlined">
            {translate('app.messages.telegram.failed', { error: refusalMessage(translate, error) })}
        </Alert>
    );
};

/** Whether the customer linked Telegram, and the button that makes them a link (for who may edit customers). */
export const CustomerTelegram = () => {
    const customer = useRecordContext<Customer>();
    const translate = useTranslate();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { canAccess } = useCanAccess({ resource: 'customers', action: 'edit' });
    const [open, setOpen] = useState(false);
    const link = useMutation({ mutationFn: (id: Customer['id']) => dataProvider.makeTelegramLink({ id }) });
    if (!customer) return null;
    const start = () => {
        setOpen(true);
        link.mutate(customer.id);
    };
    return (
        <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            alignItems={{ xs: 'flex-start', sm: 'center' }}
            sx={{ mb: 2 }}
            data-testid="customer-telegram"
        >
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                {translate(
                    customer.telegramLinked
                        ? 'app.messages.telegram.linked_help'
                        : 'app.messages.telegram.not_linked_help',
                )}
            </Typography>
            {canAccess && (
                <Button variant="outlined" size="small" onClick={start} sx={{ flexShrink: 0 }}>
                    {translate('app.messages.telegram.link')}
                </Button>
            )}
            <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
                <DialogTitle>{translate('app.messages.telegram.dialog_title')}</DialogTitle>
                <DialogContent>
                    {link.isPending && (
                        <Stack alignItems="center" sx={{ py: 2 }}>
                            <CircularProgress />
                        </Stack>
                    )}
                    {link.isError && <Refused error={link.error} />}
                    {link.data && <LinkMade link={link.data} />}
                </DialogContent>
                <DialogActions>
                    <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
                </DialogActions>
            </Dialog>
        </Stack>
    );
};
