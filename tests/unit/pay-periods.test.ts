import { describe, expect, it } from 'vitest';
import { payRate, teacherPay } from '../../src/domain/pay';
import {
    adjustmentOf,
    closeProblem,
    closedOn,
    closingFigures,
    periodPay,
    reopenProblem,
    type PayPeriod,
} from '../../src/domain/payPeriods';
import { coveredBy, payroll } from '../../src/domain/payroll';
import type { StudioEvent } from '../../src/domain/types';

const buildEvent = (id: number, startsAt: string, status: StudioEvent['status'] = 'done'): StudioEvent => ({
    id,
    createdAt: '2026-09-01T10:00:00.000Z',
    scheduleId: 1,
    title: null,
    courseId: 1,
    teacherId: 3,
    studioId: 1,
    startsAt,
    durationMinutes: 60,
    capacity: 10,
    bookable: true,
    status,
    notes: null,
});

const charging = new Set(['attended']);
const rates = [payRate({ kind: 'per_attendee', amount: 300 })];
const october = [buildEvent(1, '2026-10-05T19:00'), buildEvent(2, '2026-10-20T19:00')];
const november = [buildEvent(3, '2026-11-02T19:00')];
const marks = [
    { eventId: 1, status: 'attended' },
    { eventId: 1, status: 'attended' },
    { eventId: 2, status: 'attended' },
    { eventId: 3, status: 'attended' },
];

const live = (events: StudioEvent[], attendances = marks) => teacherPay(rates, events, attendances, charging).events;

/** October closed with the figures it paid then. */
const closedOctober = (): PayPeriod => ({
    id: 7,
    createdAt: '2026-11-01T09:00:00.000Z',
    teacherId: 3,
    startsOn: '2026-10-01',
    endsOn: '2026-10-31',
    ...closingFigures(periodPay(live(october), [], '2026-10-01', '2026-10-31')),
    adjustments: [],
    adjustedOn: null,
    closedBy: 2,
    closedByName: 'Maria Manager',
    reopenedAt: null,
    reopenedBy: null,
    reopenedByName: null,
});

const change = { on: '2026-11-10', userId: 2, userName: 'Maria Manager', at: '2026-11-10T12:00:00.000Z' };

describe('closed pay periods', () => {
    it('keep the figures they were closed with whatever the classes pay now', () => {
        const period = closedOctober();
        expect(period.total).toBe(900);
        expect(period.lines.map(line => line.pay)).toEqual([600, 300]);
        // A visit more on October 20: October still shows what it was closed with.
        const now = live(october, [...marks, { eventId: 2, status: 'attended' }]);
        const pay = periodPay(now, [period], '2026-10-01', '2026-10-31');
        expect(pay.total).toBe(900);
        expect(pay.events.map(row => row.closedIn)).toEqual([7, 7]);
    });

    it('record a change to a closed class as an adjustment paid in the period of the change', () => {
        const period = closedOctober();
        const now = live(october, [...marks, { eventId: 2, status: 'attended' }]);
        const adjustment = adjustmentOf(period, october[1], now[1], change);
        expect(adjustment).toMatchObject({ pay: 300, visits: 1, on: '2026-11-10', userName: 'Maria Manager' });
        const adjusted = { ...period, adjustments: [adjustment!], adjustedOn: change.on };
        // October as closed; November pays its own class and the adjustment.
        expect(periodPay(now, [adjusted], '2026-10-01', '2026-10-31').total).toBe(900);
        const nov = periodPay(live(november), [adjusted], '2026-11-01', '2026-11-30');
        expect(nov.total).toBe(600);
        expect(nov.adjustments).toMatchObject([{ pay: 300, periodId: 7, periodStartsOn: '2026-10-01' }]);
        // The change is taken back: the second adjustment nets the first out.
        expect(adjustmentOf(adjusted, october[1], live(october)[1], change)).toMatchObject({ pay: -300, visits: -1 });
        expect(adjustmentOf(adjusted, october[1], now[1], change)).toBeNull();
    });

    it('pay back a class moved out of a closed period, and pay one moved into it', () => {
        const period = closedOctober();
        expect(adjustmentOf(period, october[0], null, change)).toMatchObject({ pay: -600, visits: -2 });
        const movedIn = teacherPay(rates, [buildEvent(3, '2026-10-25T19:00')], marks, charging).events[0];
        expect(adjustmentOf(period, movedIn.event, movedIn, change)).toMatchObject({ pay: 300, visits: 1 });
    });

    it('close only past days, never a day twice, and reopen the latest first', () => {
        const period = closedOctober();
        expect(closeProblem([], '2026-11-01', '2026-11-30', '2026-11-30')).toEqual({
            to: 'app.validation.pay_close_past',
        });
        expect(closeProblem([], '2026-11-01', '2026-11-29', '2026-11-30')).toBeNull();
        expect(closeProblem([period], '2026-10-31', '2026-11-15', '2026-11-30')).toEqual({
            from: 'app.validation.pay_close_twice',
        });
        expect(
            closeProblem(
                [{ ...period, reopenedAt: '2026-11-02T00:00:00.000Z' }],
                '2026-10-01',
                '2026-10-31',
                '2026-11-30',
            ),
        ).toBeNull();
        const later = { ...period, id: 8, startsOn: '2026-11-01', endsOn: '2026-11-30' };
        expect(reopenProblem([period, later], period)).toBe('app.validation.pay_reopen_later');
        expect(reopenProblem([period, later], later)).toBeNull();
        expect(reopenProblem([period], { ...period, reopenedAt: '2026-11-02T00:00:00.000Z' })).toBe(
            'app.validation.pay_open',
        );
        expect(closedOn([period], '2026-10-31')).toBe(period);
        expect(closedOn([period], '2026-11-01')).toBeUndefined();
    });

    it('a reopened period pays its classes as they are now and its adjustments no longer count', () => {
        const adjustment = adjustmentOf(closedOctober(), october[0], null, change)!;
        const reopened = {
            ...closedOctober(),
            adjustments: [adjustment],
            adjustedOn: change.on,
            reopenedAt: '2026-11-12T00:00:00.000Z',
            reopenedBy: 1,
            reopenedByName: 'Olga Admin',
        };
        expect(periodPay(live(october.slice(1)), [reopened], '2026-10-01', '2026-10-31').total).toBe(300);
        expect(periodPay(live(november), [reopened], '2026-11-01', '2026-11-30').total).toBe(300);
    });

    it('the payroll gives each teacher the closed figures and the adjustments, and tells a period wholly closed', () => {
        const adjustment = adjustmentOf(closedOctober(), october[1], null, change)!;
        const period = { ...closedOctober(), adjustments: [adjustment], adjustedOn: change.on };
        const teachers = [{ id: 3, name: 'Anna', pay: rates }];
        const all = [...october, ...november];
        const oct = payroll(teachers, october, marks, charging, new Map(), [period], {
            from: '2026-10-01',
            to: '2026-10-31',
        });
        expect(oct.lines).toEqual([
            { teacherId: 3, name: 'Anna', classes: 2, visits: 3, adjustments: 0, total: 900, closed: true },
        ]);
        const nov = payroll(teachers, all.slice(2), marks, charging, new Map(), [period], {
            from: '2026-11-01',
            to: '2026-11-30',
        });
        expect(nov.lines[0]).toMatchObject({ adjustments: -300, total: 0, closed: false });
        expect(
            coveredBy(
                [period, { ...period, startsOn: '2026-11-01', endsOn: '2026-11-30' }],
                '2026-10-15',
                '2026-11-30',
            ),
        ).toBe(true);
        expect(coveredBy([period], '2026-10-15', '2026-11-01')).toBe(false);
        expect(coveredBy([], '2026-10-15', '2026-10-16')).toBe(false);
    });
});
