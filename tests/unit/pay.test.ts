import { describe, expect, it } from 'vitest';
import { buildJournal, monthBounds } from '../../src/domain/journal';
import { teacherPay } from '../../src/domain/pay';
import type { StudioEvent } from '../../src/domain/types';

const buildEvent = (id: number, startsAt: string, status: StudioEvent['status']): StudioEvent => ({
    id,
    createdAt: '2026-11-01T10:00:00.000Z',
    scheduleId: 1,
    title: null,
    courseId: 1,
    teacherId: 3,
    studioId: 1,
    startsAt,
    durationMinutes: 60,
    capacity: 10,
    status,
    notes: null,
});

const charging = new Set(['attended', 'late', 'missed']);
const events = [buildEvent(1, '2026-11-02T19:00', 'done'), buildEvent(2, '2026-11-09T19:00', 'cancelled'), buildEvent(3, '2026-11-16T19:00', 'planned')];
const marks = [
    { eventId: 1, customerId: 10, status: 'attended' },
    { eventId: 1, customerId: 11, status: 'excused' },
    { eventId: 1, customerId: 12, status: 'missed' },
    { eventId: 2, customerId: 10, status: 'attended' },
    { eventId: 3, customerId: 10, status: 'late' },
];

describe('teacher pay', () => {
    it('per event pays each done event only', () => {
        const pay = teacherPay({ kind: 'per_event', amount: 1500 }, events, marks, charging);
        expect(pay.events.map(row => row.pay)).toEqual([1500, 0, 0]);
        expect(pay.total).toBe(1500);
    });

    it('per attendee pays each charging mark of events that were not cancelled', () => {
        const pay = teacherPay({ kind: 'per_attendee', amount: 250.5 }, events, marks, charging);
        expect(pay.events.map(row => [row.visits, row.pay])).toEqual([[2, 501], [1, 0], [1, 250.5]]);
        expect(pay.total).toBe(751.5);
        expect(pay.visits).toBe(3);
    });

    it('pays nothing without a pay rule', () => {
        expect(teacherPay({ kind: 'none', amount: 0 }, events, marks, charging).total).toBe(0);
    });
});

describe('the attendance journal', () => {
    it('knows the bounds of a month, leap years included', () => {
        expect(monthBounds('2028-02')).toEqual(['2028-02-01', '2028-02-29']);
        expect(monthBounds('2026-11')).toEqual(['2026-11-01', '2026-11-30']);
    });

    it('puts members and walk-ins in rows, the month events in columns, and counts visits both ways', () => {
        const december = buildEvent(4, '2026-12-01T19:00', 'planned');
        const customers = [
            { id: 10, firstName: 'Anna', lastName: 'Bykova' },
            { id: 11, firstName: 'Oleg', lastName: 'Antonov' },
            { id: 12, firstName: 'Ivan', lastName: 'Vetrov' },
            { id: 13, firstName: 'Pavel', lastName: 'Gromov' },
        ];
        const journal = buildJournal('2026-11', [10, 11, 13], [...events, december], [...marks, { eventId: 4, customerId: 13, status: 'attended' }], customers, charging);
        expect(journal.columns.map(column => [column.eventId, column.visits])).toEqual([[1, 2], [2, 1], [3, 1]]);
        expect(journal.rows.map(row => [row.name, row.visits, row.marks])).toEqual([
            ['Antonov Oleg', 0, { 1: 'excused' }],
            ['Bykova Anna', 3, { 1: 'attended', 2: 'attended', 3: 'late' }],
            ['Gromov Pavel', 0, {}],
            ['Vetrov Ivan', 1, { 1: 'missed' }],
        ]);
        expect(journal.visits).toBe(4);
    });
});
