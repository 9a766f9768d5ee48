import { NumberField, useGetOne, useLocaleState, type NumberFieldProps } from 'react-admin';
import type { Config } from '../../domain/types';

/** The studio's settings (currency, time zone, thresholds), shared through react-admin's cache. */
export const useStudioConfig = () => useGetOne<Config>('configs', { id: 'general' }, { staleTime: 5 * 60_000 }).data;

/** An amount in the studio currency, formatted for the user's language. */
export const MoneyField = (props: NumberFieldProps) => {
    const currency = useStudioConfig()?.currency ?? 'RUB';
    const [locale] = useLocaleState();
    return <NumberField locales={locale === 'ru' ? 'ru-RU' : 'en-US'} options={{ style: 'currency', currency, maximumFractionDigits: 2 }} {...props} />;
};
