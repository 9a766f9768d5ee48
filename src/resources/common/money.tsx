import { NumberField, useLocaleState, type NumberFieldProps } from 'react-admin';
import { useStudioConfig } from '../../app/studio';

/** An amount in the studio currency, formatted for the user's language. */
export const MoneyField = (props: NumberFieldProps) => {
    const currency = useStudioConfig()?.currency ?? 'RUB';
    const [locale] = useLocaleState();
    return (
        <NumberField
            locales={locale === 'ru' ? 'ru-RU' : 'en-US'}
            options={{ style: 'currency', currency, maximumFractionDigits: 2 }}
            {...props}
        />
    );
};
