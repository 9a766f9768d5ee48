import { Link, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { PublicMembershipTerms } from '../../domain/api/memberships';
import { formatFullDate } from '../../app/i18n/dates';
import { moneyFormatter } from '../../app/i18n/numbers';
import { periodLastDay, type MembershipPrice } from '../../domain/memberships';

/*
 * The terms of a link that starts a membership, shown above the page's unticked consent box: the amount
 * of each month and from which month, the first month paid now with the card saved, the day of each next
 * charge, how to cancel, and the studio's public offer.
 */

/** The consented schedule as steps: months `from` to `to` (null: on and on) at `amount`. */
const steps = (prices: MembershipPrice[]) => {
    const sorted = [...prices].sort((a, b) => a.fromPeriod - b.fromPeriod);
    return sorted.map((step, index) => ({
        from: step.fromPeriod,
        to: sorted[index + 1] ? sorted[index + 1].fromPeriod - 1 : null,
        amount: step.amount,
    }));
};

export const MembershipTerms = ({ terms }: { terms: PublicMembershipTerms }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const money = moneyFormatter(locale, terms.currency);
    const day = (date: string) => formatFullDate(date, locale);
    const lines = steps(terms.prices).map(({ from, to, amount }, _index, all) => {
        const values = { from, to: to ?? '', amount: money.format(amount) };
        if (all.length === 1) return translate('app.payment_page.membership.price_once', values);
        if (to === null) return translate('app.payment_page.membership.price_from', values);
        return translate(
            from === to ? 'app.payment_page.membership.price_month' : 'app.payment_page.membership.price_months',
            values,
        );
    });
    return (
        <Stack spacing={1} component="section" aria-label={translate('app.payment_page.membership.title')}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {translate('app.payment_page.membership.title')}
            </Typography>
            {lines.map(line => (
                <Typography key={line} sx={{ fontWeight: 500 }}>
                    {line}
                </Typography>
            ))}
            <Typography>
                {translate('app.payment_page.membership.first_period', {
                    from: day(terms.firstPeriod.periodStart),
                    to: day(periodLastDay(terms.firstPeriod.periodEnd)),
                })}
            </Typography>
            <Typography>
                {translate('app.payment_page.membership.charge_day', {
                    day: terms.chargeDay,
                    date: day(terms.firstPeriod.periodEnd),
                })}
            </Typography>
            <Typography color="text.secondary">{translate('app.payment_page.membership.cancel')}</Typography>
            {terms.offerUrl && (
                <Link href={terms.offerUrl} target="_blank" rel="noopener">
                    {translate('app.payment_page.membership.offer')}
                </Link>
            )}
        </Stack>
    );
};
