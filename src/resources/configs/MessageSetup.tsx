import { Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { useStudioTimezone } from '../../app/studio';
import { formatDateTime } from '../../app/i18n/dates';
import { refusalMessage } from '../common/conflicts';

/**
 * On the settings page: each channel messages to customers go through, whether this server is set up for
 * it, who they come from and its last failure, and a test message sent at once to an address typed here.
 */
export const MessageSetup = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { identity } = useGetIdentity();
    const [to, setTo] = useState('');
    const { data } = useQuery({ queryKey: ['messageSetup'], queryFn: () => dataProvider.getMessageSetup() });
    const test = useMutation({
        mutationFn: (address: string) => dataProvider.sendTestMessage({ channel: 'email', to: address }),
        onSuccess: () => notify('app.messages.setup.test_sent', { type: 'success' }),
        onError: error => notify(refusalMessage(translate, error), { type: 'error' }),
    });
    if (!data) return null;
    const address = to || String(identity?.email ?? '');
    return (
        <Card variant="outlined" sx={{ mb: 2, maxWidth: 640 }} data-testid="message-setup">
            <CardContent>
                <Typography variant="subtitle1" component="h2" gutterBottom>
                    {translate('app.messages.setup.title')}
                </Typography>
                <Stack spacing={2}>
                    {data.channels.map(channel => (
                        <Stack key={channel.channel} spacing={0.5}>
                            <Stack direction="row" spacing={1} alignItems="center">
                                <Typography>{translate(`app.messages.channels.${channel.channel}`)}</Typography>
                                <Chip
                                    size="small"
                                    variant="outlined"
                                    color={channel.configured ? 'success' : 'default'}
                                    label={translate(
                                        channel.configured
                                            ? 'app.messages.setup.configured'
                                            : 'app.messages.setup.not_configured',
                                    )}
                                />
                            </Stack>
                            <Typography variant="body2" color="text.secondary">
                                {channel.sender
                                    ? translate('app.messages.setup.sender', { sender: channel.sender })
                                    : translate(`app.messages.setup.${channel.channel}_hint`)}
                            </Typography>
                            {channel.lastFailure && (
                                <Typography variant="body2" color="error">
                                    {translate('app.messages.setup.last_failure', {
                                        at: formatDateTime(channel.lastFailure.at, locale, timeZone),
                                        error: channel.lastFailure.error,
                                    })}
                                </Typography>
                            )}
                            {channel.channel === 'email' && channel.configured && (
                                <Stack direction="row" spacing={1} alignItems="center">
                                    <TextField
                                        size="small"
                                        label={translate('app.messages.setup.test_to')}
                                        value={address}
                                        onChange={event => setTo(event.target.value)}
                                        sx={{ flex: 1 }}
                                    />
                                    <Button
                                        variant="outlined"
                                        disabled={test.isPending || !address.includes('@')}
                                        onClick={() => test.mutate(address)}
                                    >
                                        {translate('app.messages.setup.send_test')}
                                    </Button>
                                </Stack>
                            )}
                        </Stack>
                    ))}
                </Stack>
            </CardContent>
        </Card>
    );
};
