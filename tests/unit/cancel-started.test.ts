import { describe, expect, it } from 'vitest';
import { cancelRefusal } from '../../src/domain/cancelling';

const event = { startsAt: '2026-12-04T17:30', status: 'planned' as const };

describe('cancelling a seat or a place in line', () => {
    it('is possible until the class starts', () => {
        expect(cancelRefusal(event, '2026-11-28T10:00')).toBeNull();
        expect(cancelRefusal(event, '2026-12-04T17:29')).toBeNull();
    });

    it('is refused once the class has started, after its end and once it is closed', () => {
        expect(cancelRefusal(event, '2026-12-04T17:30')).toBe('started');
        // Nine hours after the start, the class ended and nobody closed it: still refused.
        expect(cancelRefusal(event, '2026-12-05T02:30')).toBe('started');
        // A class closed is held, whatever the clock says.
        expect(cancelRefusal({ ...event, status: 'done' }, '2026-11-28T10:00')).toBe('started');
    });
});
