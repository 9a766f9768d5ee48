import { describe, expect, it } from 'vitest';
import { bookingChoices, whyNoPass } from '../../src/domain/bookingRefusals';
import { cancelledSeats } from '../../src/domain/bookings';
import { buildPass } from '../support/factories';

/*
 * What a refused booking tells staff: why no pass pays the class (its visits all held by upcoming
 * bookings, a freeze, none left, an end before the class, or no pass), what staff may choose instead by
 * their role, and who on a roster holds a cancelled booking and nothing else.
 */

const date = '2026-11-20';
const yoga = 1;

describe('why no pass pays for a class', () => {
    it('names the visits left and the bookings holding them all', () => {
        const passes = [buildPass({ id: 1, visitsTotal: 8, visitsUsed: 2 })];
        expect(whyNoPass(passes, date, yoga, new Map([[1, 6]]))).toEqual({
            reason: 'held',
            visitsLeft: 6,
            heldBy: 6,
        });
    });

    it('adds up two passes whose visits are all held', () => {
        const passes = [buildPass({ id: 1, visitsTotal: 4 }), buildPass({ id: 2, visitsTotal: 2, visitsUsed: 1 })];
        expect(
            whyNoPass(
                passes,
                date,
                yoga,
                new Map([
                    [1, 4],
                    [2, 1],
                ]),
            ),
        ).toEqual({ reason: 'held', visitsLeft: 5, heldBy: 5 });
    });

    it('says frozen, used up or ended when that is why, and none without a pass of the direction', () => {
        const frozen = buildPass({ frozenFrom: '2026-11-18', frozenTo: '2026-11-25' });
        expect(whyNoPass([frozen], date, yoga, new Map())).toEqual({ reason: 'frozen', frozenTo: '2026-11-25' });
        expect(whyNoPass([buildPass({ visitsUsed: 8 })], date, yoga, new Map())).toEqual({ reason: 'used_up' });
        expect(whyNoPass([buildPass({ endsOn: '2026-11-19' })], date, yoga, new Map())).toEqual({
            reason: 'ended',
            endsOn: '2026-11-19',
        });
        expect(whyNoPass([buildPass({ directionIds: [2] })], date, yoga, new Map())).toEqual({ reason: 'none' });
        expect(whyNoPass([buildPass({ cancelled: true })], date, yoga, new Map())).toEqual({ reason: 'none' });
        expect(whyNoPass([], date, yoga, new Map())).toEqual({ reason: 'none' });
    });
});

describe('what staff may choose when a booking is refused', () => {
    it('offers a full class a place in line to all, and a seat over capacity to managers and admins', () => {
        expect(bookingChoices('full', 'manager', {})).toEqual(['waitlist', 'over_capacity']);
        expect(bookingChoices('full', 'admin', {})).toEqual(['waitlist', 'over_capacity']);
        expect(bookingChoices('full', 'teacher', {})).toEqual(['waitlist']);
    });

    it('offers a seat without a pass, or before booking opens, to managers and admins only', () => {
        expect(bookingChoices('no_pass', 'manager', {})).toEqual(['without_pass']);
        expect(bookingChoices('no_pass', 'teacher', {})).toEqual([]);
        expect(bookingChoices('not_open', 'admin', {})).toEqual(['before_window']);
        expect(bookingChoices('not_open', 'teacher', {})).toEqual([]);
    });

    it('offers a seat over capacity when a place in line cannot be had', () => {
        expect(bookingChoices('no_channel', 'manager', { waitlist: true })).toEqual(['over_capacity']);
        expect(bookingChoices('too_many_waitlists', 'manager', { waitlist: true })).toEqual(['over_capacity']);
        expect(bookingChoices('too_many_waitlists', 'teacher', { waitlist: true })).toEqual([]);
    });

    it('offers nothing for what no choice changes, or once forced', () => {
        for (const code of ['closed', 'already_booked', 'overlap'] as const)
            expect(bookingChoices(code, 'admin', {})).toEqual([]);
        expect(bookingChoices('full', 'manager', { force: true })).toEqual([]);
    });
});

describe('the cancelled on a roster', () => {
    it('are those whose last booking of the class is cancelled and who hold no other', () => {
        const booking = (id: number, customerId: number, status: string, late = false, cancelledAt = '') =>
            ({ id, customerId, status, late, cancelledAt }) as never;
        const seats = cancelledSeats([
            booking(1, 7, 'cancelled', false, '2026-11-10T10:00:00.000Z'),
            booking(2, 7, 'cancelled', true, '2026-11-12T10:00:00.000Z'),
            booking(3, 8, 'cancelled', true, '2026-11-12T10:00:00.000Z'),
            booking(4, 8, 'booked'),
            booking(5, 9, 'expired'),
        ]);
        expect([...seats]).toEqual([[7, { id: 2, late: true }]]);
    });
});
