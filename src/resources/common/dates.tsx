import { useLocaleState, useRecordContext } from 'react-admin';
import { formatDateTime, formatShortDate } from '../../app/i18n/dates';
import { useStudioConfig } from '../../app/studio';

interface Props {
    source: string;
    label?: string;
    emptyText?: string;
}

/**
 * A date, a local date-time or an instant in the user's language (ru: 23.11.2026 9:05). Instants are
 * shown in the studio's time zone, where the studio lives, not where the browser is.
 */
const useFormatted = (source: string, format: typeof formatShortDate) => {
    const record = useRecordContext();
    const [locale] = useLocaleState();
    const timeZone = useStudioConfig()?.timezone;
    const value = record?.[source] as string | null | undefined;
    return value ? format(value, locale, timeZone) : '';
};

export const DateField = ({ source, emptyText = '' }: Props) => (
    <span>{useFormatted(source, formatShortDate) || emptyText}</span>
);

export const DateTimeField = ({ source, emptyText = '' }: Props) => (
    <span>{useFormatted(source, formatDateTime) || emptyText}</span>
);
