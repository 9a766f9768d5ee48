import { useEffect } from 'react';
import { Divider, Stack, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { CardForm } from './CardForm';
import { PaymentLayout } from './PaymentLayout';
import { formatDateTime, formatZonedDateTime } from '../../app/i18n/dates';
import { fetchPublicLink } from './publicLink';
import { Message, PublicPageWithout, Row, usePageLocale } from './PublicParts';

const formatMoney = (amount: number, currency: string, locale: string) =>
    new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
        style: 'currency',
        currency,
        maximumFractionDigits: 2,
    }).format(amount);

/**
 * The public page /payments/link/{id}: no login, the payment layout, and the link's state: the card form
 * while pending, a receipt when paid, a message when expired, cancelled or not found.
 */
export const PaymentLinkPage = () => {
    const { id = '' } = useParams();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const queryClient = useQueryClient();
    const queryKey = ['publicPaymentLink', id];
    const {
        data: link,
        error,
        isPending,
        refetch,
    } = useQuery({ queryKey, queryFn: () => fetchPublicLink(id), retry: false });
    usePageLocale(link?.locale);
    useEffect(() => {
        document.title = link
            ? `${translate('app.payment_page.title')} · ${link.studioName}`
            : translate('app.payment_page.title');
    }, [link, translate]);

    if (!link) return <PublicPageWithout pending={isPending} error={error} texts="app.payment_page" />;

    const amountText = formatMoney(link.amount, link.currency, locale);
    return (
        <PaymentLayout studioName={link.studioName}>
            <Stack spacing={2.5}>
                <Stack spacing={0.5}>
                    <Typography variant="overline" color="text.secondary">
                        {translate('app.payment_page.title')}
                    </Typography>
                    <Typography variant="h5" component={link.status === 'pending' ? 'h1' : 'p'}>
                        {translate('app.payment_page.greeting', { name: link.firstName })}
                    </Typography>
                </Stack>
                <Stack spacing={1}>
                    {link.purpose === 'fee' && link.penalty ? (
                        <Row
                            label={translate('app.payment_page.paying_for')}
                            value={translate(`app.payment_page.fee_for.${link.penalty.kind}`, {
                                title: link.penalty.title ?? '',
                                // The class's start is the studio's wall clock, shown as it is.
                                date: link.penalty.startsAt ? formatDateTime(link.penalty.startsAt, locale) : '',
                            })}
                        />
                    ) : link.purpose === 'balance' ? (
                        <Row
                            label={translate('app.payment_page.paying_for')}
                            value={translate('app.payment_page.rest_for', { name: link.passName ?? '' })}
                        />
                    ) : (
                        <Row label={translate('app.payment_page.plan')} value={link.planName} />
                    )}
                    <Row label={translate('app.payment_page.amount')} value={amountText} />
                    {link.description && (
                        <Row label={translate('app.payment_page.description')} value={link.description} />
                    )}
                    {/* Once paid or cancelled, the link's expiry means nothing to the customer. */}
                    {(link.status === 'pending' || link.status === 'expired') && (
                        <Row
                            label={translate('app.payment_page.expires')}
                            value={formatZonedDateTime(link.expiresAt, locale, link.timezone)}
                        />
                    )}
                </Stack>
                <Divider />
                {link.status === 'pending' && link.payments === 'off' && (
                    <Message
                        severity="warning"
                        title="app.payment_page.states.unavailable_title"
                        text="app.payment_page.states.unavailable_text"
                    />
                )}
                {link.status === 'pending' && link.payments !== 'off' && (
                    <CardForm
                        id={id}
                        amountText={amountText}
                        onPaid={paid => queryClient.setQueryData(queryKey, paid)}
                        onConflict={() => refetch()}
                    />
                )}
                {link.status === 'paid' && (
                    <Stack direction="row" spacing={1.5} alignItems="center">
                        <CheckCircleOutline fontSize="large" color="success" />
                        <Stack>
                            {/* The light themes' success green is too pale for text on white: the title keeps the text colour. */}
                            <Typography variant="h6" component="h1">
                                {translate('app.payment_page.states.paid_title')}
                            </Typography>
                            <Typography>{translate('app.payment_page.states.paid_text')}</Typography>
                        </Stack>
                    </Stack>
                )}
                {link.status === 'expired' && (
                    <Message
                        severity="warning"
                        title="app.payment_page.states.expired_title"
                        text="app.payment_page.states.expired_text"
                    />
                )}
                {link.status === 'cancelled' && (
                    <Message
                        severity="error"
                        title="app.payment_page.states.cancelled_title"
                        text="app.payment_page.states.cancelled_text"
                    />
                )}
            </Stack>
        </PaymentLayout>
    );
};
