import { useGetOne } from 'react-admin';
import { studioToday } from '../domain/time';
import type { Config } from '../domain/types';

/*
 * The studio's settings as every screen reads them: one request, shared through react-admin's cache.
 */

/** The studio's settings (currency, time zone, thresholds). */
export const useStudioConfig = () => useGetOne<Config>('configs', { id: 'general' }, { staleTime: 5 * 60_000 }).data;

/** The zone the demo studio and a new one start in: what dates are computed in until the settings are read. */
const defaultTimezone = 'Europe/Moscow';

/** The studio's time zone, in which its days begin and end. */
export const useStudioTimezone = () => useStudioConfig()?.timezone ?? defaultTimezone;

/** Today on the studio's calendar, whatever the browser's time zone. */
export const useStudioToday = () => studioToday(useStudioTimezone(), new Date());
