import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import type { Message } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';

/*
 * A message's parts as the outbox list and the customer's card show them: its state (with the reason when
 * it failed or was skipped), its text, and the button that sends a failed one again.
 */

const colors = {
    queued: 'info',
    sent: 'success',
    failed: 'error',
    skipped: 'warning',
    withdrawn: 'default',
} as const;

/** "Sent", "Failed · 5 tries", in the status's colour. */
export const MessageStatus = (_: { label?: string }) => {
    const message = useRecordContext<Message>();
    const translate = useTranslate();
    if (!message) return null;
    const label = translate(`app.messages.statuses.${message.status}`);
    return (
        <Chip
            size="small"
            variant="outlined"
            color={colors[message.status]}
            label={
                message.status === 'failed' || (message.status === 'queued' && message.attempts > 0)
                    ? `${label} · ${translate('app.messages.tries', { smart_count: message.attempts })}`
                    : label
            }
        />
    );
};

/** The message itself, and why it failed or was skipped: what the row opens to. */
export const MessageText = () => {
    const message = useRecordContext<Message>();
    const translate = useTranslate();
    if (!message) return null;
    return (
        <Box sx={{ py: 1, maxWidth: 720 }}>
            <Typography variant="subtitle2">{message.subject}</Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {message.text}
            </Typography>
            {message.error && (
                <Typography
                    variant="body2"
                    color={message.status === 'failed' ? 'error' : 'text.secondary'}
                    sx={{ mt: 1 }}
                >
                    {translate('app.messages.reason', {
                        reason: translate(`app.messages.reasons.${message.error}`, { _: message.error }),
                    })}
                </Typography>
            )}
        </Box>
    );
};

/** The skip reasons the outbox explains; another code reads as having had no channel. */
const skipReasons = ['opted_out', 'no_channel', 'not_configured', 'no_consent'];

/**
 * Sends a failed message again; the lists that show it are read again after. A skipped one had no
 * channel to go by (or its kind was turned off), so sending it again would skip it again: why is said
 * in place of the button.
 */
export const ResendButton = (_: { label?: string }) => {
    const message = useRecordContext<Message>();
    const translate = useTranslate();
    const notify = useNotify();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const queryClient = useQueryClient();
    const resend = useMutation({
        mutationFn: (id: Message['id']) => dataProvider.resendMessage({ id }),
        onSuccess: () => notify('app.messages.notices.resent', { type: 'info' }),
        onError: error => notify(refusalMessage(translate, error), { type: 'error' }),
        onSettled: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
    });
    if (message?.status === 'skipped')
        return (
            <Typography variant="caption" color="text.secondary" data-testid="not-resent">
                {translate(
                    `app.messages.not_resent.${skipReasons.includes(message.error ?? '') ? message.error : 'other'}`,
                )}
            </Typography>
        );
    if (message?.status !== 'failed') return null;
    return (
        <Button
            size="small"
            startIcon={<ReplayOutlined />}
            disabled={resend.isPending}
            onClick={event => {
                event.stopPropagation();
                resend.mutate(message.id);
            }}
        >
            {translate('app.messages.actions.resend')}
        </Button>
    );
};
