import type { Config, StudioEvent } from '../../domain/types';
import { localDateTimeAt } from '../../domain/time';
import type { Reader } from '../storage/types';

/** The studio's settings: the one configs record. */
export const studioConfig = async (reader: Reader): Promise<Config> =>
    (await reader.get('configs', 'general')) as Config;

/** The studio's wall clock (`YYYY-MM-DDTHH:mm`) at `now`. */
export const studioNow = async (reader: Reader, now: Date) =>
    localDateTimeAt(now, (await studioConfig(reader)).timezone);

/** The codes of the attendance statuses that use up a visit. */
export const chargingStatuses = async (reader: Reader): Promise<Set<string>> =>
    new Set((await reader.select('statuses', { name: 'attendance', charges: true })).map(status => status.code));

/** The marks of some events. */
export const marksOf = (reader: Reader, events: Pick<StudioEvent, 'id'>[]) =>
    reader.select('attendances', { eventId: events.map(event => event.id) });
