import { studioToday } from '../../domain/time';
import { useStudioConfig } from '../common/money';

/** Today on the studio's calendar, whatever the browser's time zone. */
export const useStudioToday = () => studioToday(useStudioConfig()?.timezone ?? 'Europe/Moscow');
