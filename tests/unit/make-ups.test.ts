import { describe, expect, it } from 'vitest';
import { makeUpExpiry, makeUpState, usableMakeUp } from '../../src/domain/makeUps';

/*
 * Where a make-up credit stands, from the booking it names: free to book, booked, used by a class
 * attended (whatever became of that booking after), lost, or expired unused; and which credit books a
 * class of a direction on a day.
 */

const credit = (fields: Partial<Parameters<typeof makeUpState>[0]> & { id?: number; directionId?: number } = {}) => ({
    id: 1,
    directionId: 2,
    usedBookingId: null,
    lostAt: null,
    expiresOn: '2031-08-06',
    ...fields,
});

describe('a make-up credit', () => {
    it('runs for 30 days after the class missed', () => {
        expect(makeUpExpiry('2031-07-07')).toBe('2031-08-06');
    });

    it('is booked by a seat that stands, used once that class was attended, free again when the seat ended unattended', () => {
        const today = '2031-07-10';
        expect(makeUpState(credit(), [], today)).toBe('open');
        expect(
            makeUpState(credit({ usedBookingId: 5 }), [{ id: 5, status: 'booked', attendanceId: null }], today),
        ).toBe('booked');
        expect(makeUpState(credit({ usedBookingId: 5 }), [{ id: 5, status: 'booked', attendanceId: 9 }], today)).toBe(
            'used',
        );
        // Attended, then the booking cancelled: still used (a cancel after the class gives nothing back).
        expect(
            makeUpState(credit({ usedBookingId: 5 }), [{ id: 5, status: 'cancelled', attendanceId: 9 }], today),
        ).toBe('used');
        expect(
            makeUpState(credit({ usedBookingId: 5 }), [{ id: 5, status: 'cancelled', attendanceId: null }], today),
        ).toBe('open');
        expect(makeUpState(credit({ lostAt: '2031-07-09T10:00:00.000Z' }), [], today)).toBe('lost');
        expect(makeUpState(credit(), [], '2031-08-07')).toBe('expired');
    });

    it('books a class of its direction up to its last day, the one ending first', () => {
        const credits = [credit({ id: 1, expiresOn: '2031-08-20' }), credit({ id: 2, expiresOn: '2031-08-10' })];
        expect(usableMakeUp(credits, [], 2, '2031-08-01')?.id).toBe(2);
        expect(usableMakeUp(credits, [], 2, '2031-08-15')?.id).toBe(1);
        expect(usableMakeUp(credits, [], 3, '2031-08-01')).toBeUndefined();
        expect(usableMakeUp(credits, [], 2, '2031-08-21')).toBeUndefined();
    });
});
