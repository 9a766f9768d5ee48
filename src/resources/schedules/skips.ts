import type { TranslateFunction } from 'react-admin';
import { formatDateTime } from '../../app/i18n/dates';
import type { SkippedAnswer } from '../../domain/api';

/** When the skipped slot was, in the user's language: "01/04/2027 7:00 PM", "04.01.2027 19:00". */
export const skipWhen = (skip: Pick<SkippedAnswer, 'date' | 'startTime'>, locale: string): string =>
    formatDateTime(`${skip.date}T${skip.startTime}`, locale);

/** Why a slot was skipped, in the user's words: "Anna Petrova teaches Hatha Yoga at 19:00 in Small Hall". */
export const skipReason = (translate: TranslateFunction, skip: Pick<SkippedAnswer, 'reason' | 'params'>): string =>
    translate(`app.timetable.generate.reasons.${skip.reason}`, { ...skip.params, _: skip.reason });
