import type { TranslateFunction } from 'react-admin';
import type { SkippedAnswer } from '../../domain/api';

/** Why a slot was skipped, in the user's words: "Anna Petrova teaches Hatha Yoga at 19:00 in Small Hall". */
export const skipReason = (translate: TranslateFunction, skip: Pick<SkippedAnswer, 'reason' | 'params'>): string =>
    translate(`app.timetable.generate.reasons.${skip.reason}`, { ...skip.params, _: skip.reason });
