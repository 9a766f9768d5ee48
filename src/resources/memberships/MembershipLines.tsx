import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Stack, Typography } from '@mui/material';
import { Link, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime, formatShortDate } from '../../app/i18n/dates';
import { useStudioTimezone } from '../../app/studio';
import { periodLastDay } from '../../domain/memberships';
import { useMoneyText } from '../customers/PassFields';
import type { MembershipListRecord as ListedMembership, PaymentMethod } from '../../domain/api/memberships';

/**
 * What a membership is on the card, line by line: its price a month, who pays (or for whom, on the
 * payer's card), the current period, the next charge or when it ends, the card charged, and a new
 * price proposed for a later period (accepted, or waiting for the payer).
 */
export const MembershipLines = ({ membership, customerId }: { membership: ListedMembership; customerId: number }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    const money = useMoneyText();
    const { data: card } = useGetOne<PaymentMethod & { id: number }>(
        'paymentMethods',
        { id: membership.paymentMethodId ?? 0 },
        { enabled: membership.paymentMethodId !== null },
    );
    const day = (date: string) => formatShortDate(date, locale);
    const lastDay = day(periodLastDay(membership.periodEnd));
    const running = membership.status !== 'ended';
    const person = (id: number, name: string | null) => (
        <Link component={RouterLink} to={`/customers/${id}`}>
            {name ?? `#${id}`}
        </Link>
    );
    const line = (text: ReactNode, key: string) => (
        <Typography key={key} variant="body2" data-testid={`membership-${key}`}>
            {text}
        </Typography>
    );
    const cardTitle = card?.title ?? membership.cardTitle;
    // A card removed by its payer or refused by the bank says so: nothing is charged to it any more.
    const cardState =
        card && card.status !== 'active' ? ` · ${translate(`app.memberships.card_statuses.${card.status}`)}` : '';
    return (
        <Stack spacing={0.5}>
            {line(
                translate('app.memberships.card.plan_price', {
                    plan: membership.planName ?? '',
                    price: money(membership.currentPrice),
                }),
                'price',
            )}
            {membership.payerId !== customerId &&
                line(
                    <>
                        {translate('app.memberships.card.paid_by')} {person(membership.payerId, membership.payerName)}
                    </>,
                    'payer',
                )}
            {membership.customerId !== customerId &&
                line(
                    <>
                        {translate('app.memberships.card.pays_for')}{' '}
                        {person(membership.customerId, membership.customerName)}
                    </>,
                    'attends',
                )}
            {line(
                translate('app.memberships.card.period', {
                    period: membership.period,
                    from: day(membership.periodStart),
                    to: lastDay,
                }),
                'period',
            )}
            {!running
                ? line(
                      translate('app.memberships.card.ended', {
                          date: membership.endedAt ? formatShortDate(membership.endedAt, locale, timeZone) : lastDay,
                          reason: membership.endReason
                              ? translate(`app.memberships.end_reasons.${membership.endReason}`)
                              : '',
                      }),
                      'next',
                  )
                : membership.cancelAtPeriodEnd || !membership.nextChargeAt
                  ? line(translate('app.memberships.card.no_next_charge', { date: lastDay }), 'next')
                  : line(
                        translate('app.memberships.card.next_charge', {
                            amount: money(membership.nextAmount ?? membership.currentPrice),
                            at: formatDateTime(membership.nextChargeAt, locale, timeZone),
                        }),
                        'next',
                    )}
            {line(
                cardTitle
                    ? (card?.expiresOn
                          ? translate('app.memberships.card.card_expires', {
                                title: cardTitle,
                                date: day(card.expiresOn),
                            })
                          : translate('app.memberships.card.card', { title: cardTitle })) + cardState
                    : translate('app.memberships.card.no_card'),
                'card',
            )}
            {running &&
                membership.priceChange &&
                membership.period < membership.priceChange.fromPeriod &&
                line(
                    translate(
                        membership.priceChange.acceptedAt
                            ? 'app.memberships.price.accepted'
                            : 'app.memberships.price.waiting',
                        {
                            amount: money(membership.priceChange.amount),
                            period: membership.priceChange.fromPeriod,
                        },
                    ),
                    'new-price',
                )}
        </Stack>
    );
};
