import { useLocaleState, useRecordContext } from 'react-admin';
import type { Schedule } from '../../domain/types';

/** Weekday names for 1 (Monday) to 7 in the user's language: 2024-01-01 was a Monday. */
export const weekdayName = (weekday: number, locale: string, width: 'short' | 'long' = 'short') =>
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));

/** "Mon 19:00 (60), Thu 19:00 (60)" */
export const SlotsField = (_props: { label?: string; source?: string }) => {
    const record = useRecordContext<Schedule>();
    const [locale] = useLocaleState();
    if (!record) return null;
    return (
        <span>
            {record.slots
                .map(slot => `${weekdayName(slot.weekday, locale)} ${slot.startTime} (${slot.durationMinutes})`)
                .join(', ')}
        </span>
    );
};
