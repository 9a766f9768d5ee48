import type { StudioEvent } from '../../domain/types';

/** "2026-11-23 19:00 · Hatha yoga": an event by its local start and title. */
export const eventLabel = (event: Pick<StudioEvent, 'startsAt' | 'title'>) =>
    `${event.startsAt.replace('T', ' ')}${event.title ? ` · ${event.title}` : ''}`;
