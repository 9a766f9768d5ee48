import { Autocomplete, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useGetIdentity, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { useStudioTimezone } from '../../app/studio';
import { formatDateTime } from '../../app/i18n/dates';
import { personName } from '../../domain/journal';
import type { Customer } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';

/** What is typed, once typing has paused: the search asks the server once per pause, not per key. */
const useSettled = (value: string, ms = 300) => {
    const [settled, setSettled] = useState(value);
    useEffect(() => {
        const timer = setTimeout(() => setSettled(value), ms);
        return () => clearTimeout(timer);
    }, [value, ms]);
    return settled;
};

/*
 * The Telegram test goes to a customer who linked Telegram, found by name or phone among those who did.
 * A plain search rather than a form input: the settings form around it must not take the customer.
 */
const TelegramTest = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const [customer, setCustomer] = useState<Customer | null>(null);
    const [typed, setTyped] = useState('');
    const q = useSettled(typed.trim());
    const { data = [], isFetching } = useGetList<Customer>('customers', {
        filter: { telegramLinked: true, ...(q ? { q } : {}) },
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'lastName', order: 'ASC' },
    });
    const options = customer && !data.some(found => found.id === customer.id) ? [customer, ...data] : data;
    const test = useMutation({
        mutationFn: (customerId: Customer['id']) => dataProvider.sendTestMessage({ channel: 'telegram', customerId }),
        onSuccess: () => notify('app.messages.setup.test_sent_telegram', { type: 'success' }),
        onError: error => notify(refusalMessage(translate, error), { type: 'error' }),
    });
    return (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'flex-start' }}>
            <Autocomplete<Customer>
                size="small"
                options={options}
                value={customer}
                onChange={(_, chosen) => setCustomer(chosen)}
                // Only what is typed searches: the chosen customer's name shown in the box does not.
                onInputChange={(_, text, reason) => reason === 'input' && setTyped(text)}
                getOptionLabel={option => personName(option)}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                filterOptions={found => found}
                loading={isFetching}
                noOptionsText={translate('app.messages.setup.no_linked_customers')}
                sx={{ flex: 1 }}
                renderInput={params => (
                    <TextField
                        {...params}
                        label={translate('app.messages.setup.test_customer')}
                        helperText={translate('app.messages.setup.test_customer_help')}
                        // Enter here must not save the settings form around it.
                        onKeyDown={event => event.key === 'Enter' && event.preventDefault()}
                    />
                )}
            />
            <Button
                variant="outlined"
                disabled={test.isPending || !customer}
                onClick={() => customer && test.mutate(customer.id)}
                sx={{ flexShrink: 0 }}
            >
                {translate('app.messages.setup.send_test')}
            </Button>
        </Stack>
    );
};

/**
 * On the settings page: each channel messages to customers go through, whether this server is set up for
 * it, who they come from and its last failure, and a test message sent at once: by e-mail to an address
 * typed here, by Telegram to a customer who linked it.
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
                            {channel.channel === 'telegram' && channel.configured && <TelegramTest />}
                            {channel.channel === 'email' && channel.configured && (
                                <Stack
                                    direction={{ xs: 'column', sm: 'row' }}
                                    spacing={1}
                                    alignItems={{ xs: 'stretch', sm: 'center' }}
                                >
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
