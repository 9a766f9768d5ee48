import { formatTime } from '../app/i18n/dates';
import type { Locale } from './i18n';

/*
 * Dates, times and money as a customer reads them. Dates and class times are the studio's wall clock
 * (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`): shown as written, whatever the phone's time zone.
 */

const tag = (locale: Locale) => (locale === 'ru' ? 'ru-RU' : 'en-US');

/** A wall-clock value as the UTC moment that shows it, read back in UTC. */
const asUtc = (value: string) => {
    const [date, time = '00:00'] = value.split('T');
    return new Date(`${date}T${time.slice(0, 5)}:00Z`);
};

const format = (value: string, locale: Locale, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(tag(locale), { ...options, timeZone: 'UTC' }).format(asUtc(value));

export { formatTime };

/** 'Tuesday, November 25' / 'вторник, 25 ноября': a day's heading in the list of classes. */
export const formatDay = (date: string, locale: Locale) =>
    format(date, locale, { weekday: 'long', day: 'numeric', month: 'long' });

/** 'November 30, 2026' / '30 ноября 2026 г.' */
export const formatDate = (date: string, locale: Locale) =>
    format(date, locale, { day: 'numeric', month: 'long', year: 'numeric' });

/** 'Nov 25' / '25 нояб': a date in a range. */
export const formatShortDay = (date: string, locale: Locale) =>
    format(date, locale, { day: 'numeric', month: 'short' });

/** 'Tue, Nov 25, 6:00 PM' / 'вт, 25 нояб., 18:00': a moment within the next days. */
export const formatWhen = (dateTime: string, locale: Locale) =>
    `${format(dateTime, locale, { weekday: 'short', day: 'numeric', month: 'short' })}, ${formatTime(dateTime, locale)}`;

/** 9:00–10:30 */
export const formatTimes = (startsAt: string, endsAt: string, locale: Locale) =>
    `${formatTime(startsAt, locale)}–${formatTime(endsAt, locale)}`;

/** '1 500 ₽', 'RUB 1,500', and kopecks only when there are some. */
export const formatMoney = (amount: number, currency: string, locale: Locale) =>
    new Intl.NumberFormat(tag(locale), {
        style: 'currency',
        currency,
        minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
        maximumFractionDigits: 2,
    }).format(amount);

/** Whole hours from one wall-clock time to a later one (the late-cancel window: class start minus its cut-off). */
export const hoursBetween = (from: string, to: string) =>
    Math.round((asUtc(to).getTime() - asUtc(from).getTime()) / 3_600_000);
