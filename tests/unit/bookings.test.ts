import { describe, expect, it } from 'vitest';
import { settleVisit } from '../../src/domain/attendance';
import {
    bookingSettingsOf,
    classRefusal,
    isLateCancel,
    linePositions,
    overlapsAny,
    passForBooking,
    promotionOpen,
    seatsOf,
} from '../../src/domain/bookings';
import { buildPass } from '../support/factories';

/* The booking rules: the window, the pass expected to pay, the line's order, late cancels and the cut-off for promotion. */

const settings = bookingSettingsOf({});
const planned = { startsAt: '2026-11-20T18:00', status: 'planned' as const };

describe('when a class takes bookings', () => {
    it('opens bookingOpensDays before the start and closes at the start (or bookingClosesMinutes before)', () => {
        expect(settings).toEqual({
            bookingOpensDays: 14,
            bookingClosesMinutes: 0,
            lateCancelHours: 12,
            maxWaitlists: 3,
        });
        expect(classRefusal(planned, '2026-11-06T17:59', settings)).toBe('not_open');
        expect(classRefusal(planned, '2026-11-06T18:00', settings)).toBeNull();
        expect(classRefusal(planned, '2026-11-20T17:59', settings)).toBeNull();
        expect(classRefusal(planned, '2026-11-20T18:00', settings)).toBe('closed');
        expect(classRefusal(planned, '2026-11-20T17:30', { ...settings, bookingClosesMinutes: 30 })).toBe('closed');
    });

    it('takes a forced booking outside the window, but never in a class started, cancelled or closed', () => {
        expect(classRefusal(planned, '2026-10-01T10:00', settings, true)).toBeNull();
        expect(classRefusal(planned, '2026-11-20T18:05', settings, true)).toBe('closed');
        expect(classRefusal({ ...planned, status: 'cancelled' }, '2026-11-19T10:00', settings, true)).toBe('closed');
        expect(classRefusal({ ...planned, status: 'done' }, '2026-11-19T10:00', settings)).toBe('closed');
    });
});

describe('the pass expected to pay', () => {
    const passes = [
        buildPass({ id: 1, endsOn: '2026-11-30', visitsTotal: 2, visitsUsed: 1 }),
        buildPass({ id: 2, endsOn: '2026-12-15', visitsTotal: 8, visitsUsed: 0 }),
        buildPass({ id: 3, endsOn: '2026-11-25', directionIds: [9] }),
    ];

    it('is the covering pass ending soonest with a visit left once upcoming bookings are counted', () => {
        expect(passForBooking(passes, '2026-11-20', 1, new Map())?.id).toBe(1);
        expect(passForBooking(passes, '2026-11-20', 1, new Map([[1, 1]]))?.id).toBe(2);
        expect(passForBooking(passes, '2026-11-20', 9, new Map())?.id).toBe(3);
        expect(
            passForBooking(
                passes,
                '2026-11-20',
                1,
                new Map([
                    [1, 1],
                    [2, 8],
                ]),
            ),
        ).toBeUndefined();
    });

    it('is the booked one when the visit is marked, while it can pay; else the charging rule picks', () => {
        const visit = { charges: true, eventCancelled: false, date: '2026-11-20', directionId: 1 };
        expect(settleVisit(null, visit, passes, 2).charge).toEqual({ passId: 2, charged: true, unpaid: false });
        expect(settleVisit(null, visit, passes, null).charge.passId).toBe(1);
        const usedUp = passes.map(pass => (pass.id === 2 ? { ...pass, visitsUsed: 8 } : pass));
        expect(settleVisit(null, visit, usedUp, 2).charge.passId).toBe(1);
    });
});

describe('the line', () => {
    it('is in the order of joining, the id breaking a tie, and counts only those waiting', () => {
        const line = [
            { id: 7, status: 'waitlisted' as const, createdAt: '2026-11-10T10:00:01.000Z' },
            { id: 5, status: 'waitlisted' as const, createdAt: '2026-11-10T10:00:01.000Z' },
            { id: 3, status: 'waitlisted' as const, createdAt: '2026-11-10T10:00:00.000Z' },
            { id: 1, status: 'booked' as const, createdAt: '2026-11-09T10:00:00.000Z' },
            { id: 2, status: 'cancelled' as const, createdAt: '2026-11-09T10:00:00.000Z' },
        ];
        expect([...linePositions(line)]).toEqual([
            [3, 1],
            [5, 2],
            [7, 3],
        ]);
        expect(seatsOf(2, line)).toEqual({ booked: 1, waitlisted: 3, free: 1 });
        expect(seatsOf(1, [...line, { id: 9, status: 'booked' as const, createdAt: '' }])).toMatchObject({ free: 0 });
    });

    it('moves up until lateCancelHours + 1 hour before the start, so nobody is promoted into a late cancel', () => {
        expect(promotionOpen(planned, '2026-11-20T04:59', 12)).toBe(true);
        expect(promotionOpen(planned, '2026-11-20T05:00', 12)).toBe(false);
        expect(promotionOpen({ ...planned, status: 'cancelled' }, '2026-11-10T10:00', 12)).toBe(false);
    });
});

describe('a cancel', () => {
    it('is late inside lateCancelHours before the start', () => {
        expect(isLateCancel(planned, '2026-11-20T05:59', 12)).toBe(false);
        expect(isLateCancel(planned, '2026-11-20T06:00', 12)).toBe(true);
        expect(isLateCancel(planned, '2026-11-20T17:00', 0)).toBe(false);
    });
});

describe('overlapping classes', () => {
    it('overlap in time unless the other is cancelled or the same class', () => {
        const event = { id: 1, startsAt: '2026-11-20T18:00', durationMinutes: 60 };
        const other = { id: 2, startsAt: '2026-11-20T18:30', durationMinutes: 60, status: 'planned' as const };
        expect(overlapsAny(event, [other])).toBe(true);
        expect(overlapsAny(event, [{ ...other, status: 'cancelled' }])).toBe(false);
        expect(overlapsAny(event, [{ ...other, startsAt: '2026-11-20T19:00' }])).toBe(false);
        expect(overlapsAny(event, [{ ...other, id: 1 }])).toBe(false);
    });
});
