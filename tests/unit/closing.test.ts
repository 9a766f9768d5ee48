import { describe, expect, it } from 'vitest';
import {
    addMinutes,
    autoCloseDue,
    autoCloseWindow,
    classEnd,
    closeRefusal,
    hasEnded,
    isLeftOpen,
    noShowsDue,
    noShowsWindow,
    reopenRefusal,
} from '../../src/domain/closing';

const event = { startsAt: '2026-11-20T19:00', durationMinutes: 90, status: 'planned' as const };

describe('closing a class', () => {
    it('computes the end on the wall clock, across midnight', () => {
        expect(classEnd(event)).toBe('2026-11-20T20:30');
        expect(addMinutes('2026-11-20T23:30', 45)).toBe('2026-11-21T00:15');
        expect(addMinutes('2026-03-01T00:10', -20)).toBe('2026-02-28T23:50');
    });

    it('lets nobody close a class before it starts, whatever their role; never a cancelled class', () => {
        // Closing takes no role: a manager six days ahead is refused as a teacher is.
        expect(closeRefusal(event, '2026-11-14T17:30')).toBe('not_started');
        expect(closeRefusal(event, '2026-11-20T18:59')).toBe('not_started');
        expect(closeRefusal(event, '2026-11-20T19:00')).toBeNull();
        expect(closeRefusal({ ...event, status: 'cancelled' }, '2026-11-21T09:00')).toBe('cancelled');
        // Closed already: closing again is no error.
        expect(closeRefusal({ ...event, status: 'done' }, '2026-11-01T09:00')).toBeNull();
    });

    it('decides the no-shows only once the class has ended', () => {
        expect(hasEnded(event, '2026-11-20T19:00')).toBe(false);
        expect(hasEnded(event, '2026-11-20T20:29')).toBe(false);
        expect(hasEnded(event, '2026-11-20T20:30')).toBe(true);
    });

    it('leaves the no-shows of a class closed before its end to the server, in the day after the end', () => {
        const closed = { ...event, status: 'done' as const };
        expect(noShowsDue(closed, '2026-11-20T20:29')).toBe(false);
        expect(noShowsDue(closed, '2026-11-20T20:30')).toBe(true);
        expect(noShowsDue(closed, '2026-11-21T20:29')).toBe(true);
        expect(noShowsDue(closed, '2026-11-21T20:30')).toBe(false);
        // An open class is for the auto-close; a cancelled one has none.
        expect(noShowsDue(event, '2026-11-20T21:00')).toBe(false);
        expect(noShowsDue({ ...event, status: 'cancelled' }, '2026-11-20T21:00')).toBe(false);
        const window = noShowsWindow('2026-11-21T08:30');
        expect(window.to).toBe('2026-11-21T08:30');
        expect(event.startsAt >= window.from && event.startsAt <= window.to).toBe(true);
        // The longest class (10 hours) that ended a day ago started before the day.
        expect(window.from).toBe('2026-11-19T22:30');
    });

    it('reopens only a closed class', () => {
        expect(reopenRefusal({ status: 'done' })).toBeNull();
        expect(reopenRefusal({ status: 'planned' })).toBe('not_closed');
        expect(reopenRefusal({ status: 'cancelled' })).toBe('not_closed');
    });

    it('closes by itself a class with marks `hours` after its end, not one without marks or not open', () => {
        expect(autoCloseDue(event, 3, '2026-11-21T08:29', 12)).toBe(false);
        expect(autoCloseDue(event, 3, '2026-11-21T08:30', 12)).toBe(true);
        expect(autoCloseDue(event, 0, '2026-11-25T08:30', 12)).toBe(false);
        expect(autoCloseDue({ ...event, status: 'cancelled' }, 3, '2026-11-25T08:30', 12)).toBe(false);
        expect(autoCloseDue(event, 1, '2026-11-20T20:30', 0)).toBe(true);
    });

    it('looks for due classes among those starting up to a month and the longest class before the cut-off', () => {
        const window = autoCloseWindow('2026-11-21T08:30', 12);
        expect(window.to).toBe('2026-11-20T20:30');
        expect(window.from).toBe('2026-10-20T10:30');
        expect(event.startsAt >= window.from && event.startsAt <= window.to).toBe(true);
    });

    it('calls a class left open once it has ended and nobody closed it', () => {
        expect(isLeftOpen(event, '2026-11-20T20:29')).toBe(false);
        expect(isLeftOpen(event, '2026-11-20T20:30')).toBe(true);
        expect(isLeftOpen({ ...event, status: 'done' }, '2026-11-22T00:00')).toBe(false);
    });
});
