/*
 * Date formats of the two locales, with Intl and no date library. The seed fixes the Russian ones:
 * full 'EEEE, d MMMM y г.', short 'dd.MM.y', time 'H:mm', weeks from Monday, and week one is the week
 * holding 1 January. English follows en-US.
 *
 * Dates ('YYYY-MM-DD') and local date-times ('YYYY-MM-DDTHH:mm') are wall-clock values in the studio's
 * time zone: they are shown as written, whatever the browser's zone. Only Date objects and instants
 * (ISO strings with Z or an offset) are moments, shown in `timeZone` when given, else the browser's.
 */

type DateValue = Date | string | null | undefined;

interface WeekRule {
    /** 0 = Sunday, 1 = Monday. */
    weekStartsOn: 0 | 1;
    /** The day of January that week one always contains (1: the week holding 1 January). */
    firstWeekContainsDate: 1 | 4;
}

const russianWeekRule: WeekRule = { weekStartsOn: 1, firstWeekContainsDate: 1 };
// A studio's week (timetable, statistics) starts on Monday in English too; the numbering is en-US's.
const englishWeekRule: WeekRule = { weekStartsOn: 1, firstWeekContainsDate: 1 };

const isRussian = (locale: string) => locale.toLowerCase().startsWith('ru');

const weekRule = (locale: string): WeekRule => (isRussian(locale) ? russianWeekRule : englishWeekRule);

export const weekStartsOn = (locale: string): 0 | 1 => weekRule(locale).weekStartsOn;

const wallClock = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A moment and the zone to read it in: wall-clock strings become that moment in UTC, read in UTC. */
const toMoment = (value: DateValue, timeZone?: string): { date: Date; timeZone?: string } | null => {
    if (value == null || value === '') return null;
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { date: value, timeZone };
    const parts = wallClock.exec(value);
    if (parts) {
        const [year, month, day, hour = '0', minute = '0', second = '0'] = parts.slice(1);
        const date = new Date(
            Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)),
        );
        return Number.isNaN(date.getTime()) ? null : { date, timeZone: 'UTC' };
    }
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : { date, timeZone };
};

const intlLocale = (locale: string) => (isRussian(locale) ? 'ru-RU' : 'en-US');

// Newer ICU puts a narrow no-break space before AM/PM; a plain space compares and copies predictably.
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const format = (value: DateValue, locale: string, options: Intl.DateTimeFormatOptions, timeZone?: string): string => {
    const moment = toMoment(value, timeZone);
    if (!moment) return '';
    return plainSpaces(
        new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: moment.timeZone }).format(moment.date),
    );
};

/** ru 'понедельник, 23 ноября 2026 г.', en 'Monday, November 23, 2026'. Empty for no or an invalid date. */
export const formatFullDate = (value: DateValue, locale: string, timeZone?: string): string =>
    format(value, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, timeZone);

/** A day in a list of days ahead: ru 'Вторник, 1 декабря', en 'Tuesday, December 1' (the weekday capitalised). */
export const formatDayHeading = (value: DateValue, locale: string, timeZone?: string): string => {
    const text = format(value, locale, { weekday: 'long', day: 'numeric', month: 'long' }, timeZone);
    return text.charAt(0).toUpperCase() + text.slice(1);
};

/** ru '23.11.2026', en '11/23/2026'. */
export const formatShortDate = (value: DateValue, locale: string, timeZone?: string): string =>
    format(value, locale, { day: '2-digit', month: '2-digit', year: 'numeric' }, timeZone);

/** ru '9:05' (24 hours), en '9:05 AM'. */
export const formatTime = (value: DateValue, locale: string, timeZone?: string): string => {
    if (!isRussian(locale)) return format(value, locale, { hour: 'numeric', minute: '2-digit' }, timeZone);
    const moment = toMoment(value, timeZone);
    if (!moment) return '';
    // Built from parts so that the hour is never zero-padded, whichever ICU the browser ships.
    const parts = new Intl.DateTimeFormat('ru-RU', {
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: moment.timeZone,
    }).formatToParts(moment.date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find(item => item.type === type)?.value ?? '';
    return `${Number(part('hour'))}:${part('minute')}`;
};

/** The short date and time together, e.g. ru '23.11.2026 9:05', en '11/23/2026 9:05 AM'. */
export const formatDateTime = (value: DateValue, locale: string, timeZone?: string): string => {
    const date = formatShortDate(value, locale, timeZone);
    return date && `${date} ${formatTime(value, locale, timeZone)}`;
};

/**
 * An instant in the studio's time with the zone named, "25.11.2026 18:00 (Europe/Moscow)": a customer
 * (or a manager) elsewhere reads the expiry without guessing whose clock it is.
 */
export const formatZonedDateTime = (value: string, locale: string, timeZone: string) =>
    `${formatDateTime(value, locale, timeZone)} (${timeZone})`;

/** ru 'октябрь 2026 г.', en 'October 2026': a month of a year, as the locale names it on its own. */
export const formatMonth = (value: DateValue, locale: string): string =>
    format(value, locale, { month: 'long', year: 'numeric' });

/**
 * A sentence with its full stop. A Russian date ends in the abbreviation 'г.', whose dot ends the
 * sentence too: a second one would read 'октябрь 2026 г..'.
 */
export const sentence = (text: string): string => (!text || text.endsWith('.') ? text : `${text}.`);
