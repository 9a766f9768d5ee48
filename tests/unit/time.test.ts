import { describe, expect, it } from 'vitest';
import {
    addDays,
    datesBetween,
    daysBetween,
    instantAt,
    instantRange,
    localDateAt,
    studioToday,
    weekdayOf,
    weekStart,
} from '../../src/domain/time';

describe('calendar arithmetic', () => {
    it('adds days across months, years and leap days', () => {
        expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
        expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
        expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
        expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
        expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
        expect(datesBetween('2026-11-29', '2026-12-02')).toEqual([
            '2026-11-29',
            '2026-11-30',
            '2026-12-01',
            '2026-12-02',
        ]);
    });

    it('numbers weekdays from Monday and starts weeks on Monday', () => {
        expect(weekdayOf('2026-11-23')).toBe(1);
        expect(weekdayOf('2026-11-29')).toBe(7);
        expect(weekStart('2026-11-29')).toBe('2026-11-23');
        expect(weekStart('2026-11-23')).toBe('2026-11-23');
    });
});

describe('the studio time zone', () => {
    it('puts an instant on the studio day, not the UTC day', () => {
        expect(localDateAt('2026-11-22T21:30:00Z', 'Europe/Moscow')).toBe('2026-11-23');
        expect(localDateAt('2026-11-22T21:30:00Z', 'America/New_York')).toBe('2026-11-22');
        expect(studioToday('Asia/Tokyo', new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
    });

    it('finds the instant of a wall-clock time, across daylight saving', () => {
        expect(instantAt('2026-11-23T00:00', 'Europe/Moscow')).toBe('2026-11-22T21:00:00.000Z');
        expect(instantAt('2026-07-01T12:00', 'Europe/Berlin')).toBe('2026-07-01T10:00:00.000Z');
        expect(instantAt('2026-01-01T12:00', 'Europe/Berlin')).toBe('2026-01-01T11:00:00.000Z');
        expect(instantRange('2026-03-29', '2026-03-29', 'Europe/Berlin')).toEqual([
            '2026-03-28T23:00:00.000Z',
            '2026-03-29T22:00:00.000Z',
        ]);
    });
});
