import { useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { formatShortDate } from '../../app/i18n/dates';
import type { PayRate } from '../../domain/pay';
import { useStudioConfig } from '../../app/studio';

/** Formats amounts in the studio's currency for the user's language. */
const useMoney = () => {
    const currency = useStudioConfig()?.currency ?? 'RUB';
    const [locale] = useLocaleState();
    const format = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
        style: 'currency',
        currency,
        maximumFractionDigits: 2,
    });
    return (amount: number) => format.format(amount);
};

/** The name of the direction or course a rate reaches, when it reaches one. */
const useReachName = (rate: PayRate | null) => {
    const direction = useGetOne(
        'settings/directions',
        { id: rate?.directionId ?? 0 },
        { enabled: rate?.directionId != null },
    );
    const course = useGetOne('settings/courses', { id: rate?.courseId ?? 0 }, { enabled: rate?.courseId != null });
    return (course.data?.name ?? direction.data?.name) as string | undefined;
};

/** What a rate is worded with: the interface's messages and language, the studio's money, the name of its reach. */
interface RateWording {
    translate: ReturnType<typeof useTranslate>;
    locale: string;
    money: (amount: number) => string;
}

/**
 * A rate in words: "Per attendee · 300.00 ₽", "Base + bonus per visit · 1,000.00 ₽ + 200.00 ₽ a visit
 * above 4 · at least 1,500.00 ₽ · only Workshops · from 01.12.2026". Also how the history of changes
 * tells a teacher's rates.
 */
export const rateWords = (
    { translate, locale, money }: RateWording,
    rate: PayRate | null,
    reach?: string,
    withFrom = true,
): string => {
    if (!rate) return translate('app.pay_kinds.none');
    const parts = [translate(`app.pay_kinds.${rate.kind}`)];
    if (rate.kind !== 'none') parts.push(money(rate.amount));
    if (rate.kind === 'base_bonus')
        parts.push(translate('app.timetable.pay.bonus_text', { bonus: money(rate.bonus), threshold: rate.threshold }));
    if (rate.kind !== 'none' && rate.minimum > 0)
        parts.push(translate('app.timetable.pay.minimum_text', { minimum: money(rate.minimum) }));
    if (reach) parts.push(translate('app.timetable.pay.only_text', { name: reach }));
    if (withFrom && rate.from)
        parts.push(translate('app.timetable.pay.from_date', { date: formatShortDate(rate.from, locale) }));
    return parts.join(' · ');
};

export const RateText = ({ rate, withFrom = true }: { rate: PayRate | null; withFrom?: boolean }) => {
    const translate = useTranslate();
    const money = useMoney();
    const [locale] = useLocaleState();
    const reach = useReachName(rate);
    return <span data-testid="rate-text">{rateWords({ translate, locale, money }, rate, reach, withFrom)}</span>;
};
