import { useEffect, useState } from 'react';
import { Button, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { PayButton } from './PayButton';
import { MembershipTerms } from './MembershipTerms';
import { PaymentLayout } from './PaymentLayout';
import { formatDateTime, formatZonedDateTime } from '../../app/i18n/dates';
import { fetchPublicLink, type PublicLink } from './publicLink';
import { Message, PublicPageWithout, Row, usePageLocale } from './PublicParts';
import { moneyFormatter } from '../../app/i18n/numbers';

/** The customers' own app, where a payer goes back to their classes. */
const myAddress = '/my';

/** How often the return page asks whether the provider's notice is in. */
const pollMs = 2000;

/**
 * The payer is back from the provider's page and the notice is not in yet (a link that expired meanwhile
 * included: a payment made in time is still taken).
 */
const processing = (link: PublicLink | undefined) =>
    (link?.status === 'pending' || link?.status === 'expired') &&
    (link.attempt?.status === 'creating' || link.attempt?.status === 'pending');

/** After this long processing, the payer who left the provider's page without paying is offered Pay again. */
const offerAgainMs = 15_000;

/** The reasons a provider gives for a declined payment that the page words; any other reads as declined. */
const declineReasons = ['insufficient_funds', 'card_expired'];

/**
 * The public page /payments/link/{id}: no login, the payment layout, and the link's state: Pay while
 * pending (to the provider's page), "processing" when the payer is back (?attempt=…) until the provider's
 * notice is in, a receipt when paid, a message when expired, cancelled or not found. The payer is greeted
 * (a guardian paying for a child, with the child named), and once back from paying, led back to /my.
 */
export const PaymentLinkPage = () => {
    const { id = '' } = useParams();
    const [search] = useSearchParams();
    const attemptId = search.get('attempt');
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const queryClient = useQueryClient();
    const queryKey = ['publicPaymentLink', id, attemptId];
    const {
        data: link,
        error,
        isPending,
        refetch,
    } = useQuery({
        queryKey,
        queryFn: () => fetchPublicLink(id, attemptId),
        retry: false,
        refetchInterval: query => (processing(query.state.data) ? pollMs : false),
    });
    usePageLocale(link?.locale);
    // A payer back without paying waits for nothing: after a while, Pay is offered again (the same
    // payment at the provider, so a payment made meanwhile is not made twice).
    const waiting = processing(link);
    const [offerAgain, setOfferAgain] = useState(false);
    useEffect(() => {
        setOfferAgain(false);
        if (!waiting) return;
        const timer = setTimeout(() => setOfferAgain(true), offerAgainMs);
        return () => clearTimeout(timer);
    }, [waiting]);
    useEffect(() => {
        document.title = link
            ? `${translate('app.payment_page.title')} · ${link.studioName}`
            : translate('app.payment_page.title');
    }, [link, translate]);

    if (!link) return <PublicPageWithout pending={isPending} error={error} texts="app.payment_page" />;

    const amountText = moneyFormatter(locale, link.currency).format(link.amount);
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
                    {link.forName && <Row label={translate('app.payment_page.student')} value={link.forName} />}
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
                {link.membership && link.status === 'pending' && <MembershipTerms terms={link.membership} />}
                <Divider />
                {link.status === 'pending' && link.payments === 'off' && (
                    <Message
                        severity="warning"
                        title="app.payment_page.states.unavailable_title"
                        text="app.payment_page.states.unavailable_text"
                    />
                )}
                {processing(link) && (
                    <Stack direction="row" spacing={2} alignItems="center" role="status">
                        <CircularProgress size={32} />
                        <Stack>
                            <Typography variant="h6" component="h1">
                                {translate('app.payment_page.states.processing_title')}
                            </Typography>
                            <Typography>{translate('app.payment_page.states.processing_text')}</Typography>
                        </Stack>
                    </Stack>
                )}
                {link.status === 'pending' &&
                    (link.attempt?.status === 'declined' || link.attempt?.status === 'failed') && (
                        <Message
                            severity="error"
                            title="app.payment_page.states.declined_title"
                            text={`app.payment_page.declined.${declineReasons.includes(link.attempt.reason ?? '') ? link.attempt.reason : 'other'}`}
                        />
                    )}
                {(link.attempt?.status === 'refunding' || link.attempt?.status === 'refunded') && (
                    <Message
                        severity="info"
                        title={`app.payment_page.states.${link.attempt.status}_title`}
                        text="app.payment_page.states.refund_text"
                    />
                )}
                {processing(link) && offerAgain && link.status === 'pending' && (
                    <Typography color="text.secondary">
                        {translate('app.payment_page.states.left_without_paying')}
                    </Typography>
                )}
                {link.status === 'pending' && link.payments !== 'off' && (!processing(link) || offerAgain) && (
                    <PayButton
                        id={id}
                        amountText={amountText}
                        contactNeeded={link.contactNeeded}
                        testMode={link.payments === 'test'}
                        consentText={link.membership?.consentText}
                        onConflict={() => {
                            void queryClient.invalidateQueries({ queryKey });
                            void refetch();
                        }}
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
                {(link.status === 'paid' || attemptId) && (
                    // Back from the provider's page: the way home to the customer's own app.
                    <Button variant={link.status === 'paid' ? 'contained' : 'text'} href={myAddress}>
                        {translate('app.payment_page.back_to_my')}
                    </Button>
                )}
            </Stack>
        </PaymentLayout>
    );
};
