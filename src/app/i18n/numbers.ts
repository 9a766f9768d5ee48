/** Amounts in the studio currency, in the user's language: 12 500,00 ₽ in Russian, RUB 12,500.00 in English. */
export const moneyFormatter = (locale: string, currency: string) =>
    new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
        style: 'currency',
        currency,
        maximumFractionDigits: 2,
    });
