export { moneyFormatter } from '../../app/i18n/numbers';

/** The change from `previous` to `current` in percent, or null when there was nothing before. */
export const changePercent = (current: number, previous: number): number | null =>
    previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;

/** Short amounts for chart axes: 25K ₽. */
export const axisFormatter = (locale: string, currency: string) =>
    new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
        style: 'currency',
        currency,
        notation: 'compact',
        // A currency shows two decimals unless told: '25K ₽', not '25.0K ₽'.
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
    });
