import { useLocaleState, useRecordContext } from 'react-admin';
import { formatDateTime } from '../../app/i18n/dates';
import type { StudioEvent } from '../../domain/types';

/** "11/23/2026 7:00 PM · Hatha yoga", "23.11.2026 19:00 · Хатха-йога": a class by its local start and title. */
export const eventLabel = (event: Pick<StudioEvent, 'startsAt' | 'title'>, locale: string) =>
    `${formatDateTime(event.startsAt, locale)}${event.title ? ` · ${event.title}` : ''}`;

/** The class of the record context by its label, in the user's language: how other screens name a class. */
export const EventLabel = () => {
    const event = useRecordContext<StudioEvent>();
    const [locale] = useLocaleState();
    return event ? <span>{eventLabel(event, locale)}</span> : null;
};
