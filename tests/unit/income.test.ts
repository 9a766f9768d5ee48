import { describe, expect, it } from 'vitest';
import {
    bucketBoundaries,
    bucketsOf,
    incomeBetween,
    incomeByMethod,
    incomeByPlan,
    incomeSeries,
    incomeShares,
    incomeTotals,
    mergedBoundaries,
} from '../../src/domain/income';
import { earnedRevenue } from '../../src/domain/earned';
import type { Payment } from '../../src/domain/types';

const pay = (paidAt: string, amount: number, fields: Partial<Payment> = {}) =>
    ({ paidAt, amount, kind: 'payment', method: 'cash', passId: null, ...fields }) as Pick<
        Payment,
        'paidAt' | 'amount' | 'kind' | 'method' | 'passId'
    >;

describe('income over a period', () => {
    it('puts payments on the studio day: 23:30 UTC is the next day in Moscow', () => {
        const payments = [pay('2026-11-01T20:59:00Z', 100), pay('2026-11-01T21:00:00Z', 200)];
        const { series, total } = incomeSeries(
            payments,
            { from: '2026-11-01', to: '2026-11-02' },
            'day',
            'Europe/Moscow',
        );
        expect(series).toEqual([
            { period: '2026-11-01', income: 100 },
            { period: '2026-11-02', income: 200 },
        ]);
        expect(total).toBe(300);
    });

    it('sums several periods in one pass, each as its own series would', () => {
        const payments = [
            pay('2026-10-31T20:59:59Z', 1),
            pay('2026-10-31T21:00:00Z', 10.1),
            pay('2026-11-15T10:00:00Z', 0.2, { kind: 'refund' }),
            pay('2026-11-30T21:00:00Z', 1000),
        ];
        const periods = [
            { from: '2026-11-01', to: '2026-11-30' },
            { from: '2026-10-01', to: '2026-10-31' },
            { from: '2026-10-31', to: '2026-12-01' },
        ];
        expect(incomeTotals(payments, periods, 'Europe/Moscow')).toEqual(
            periods.map(period => incomeSeries(payments, period, 'month', 'Europe/Moscow').total),
        );
        expect(incomeTotals(payments, periods, 'Europe/Moscow')).toEqual([9.9, 1, 1010.9]);
    });

    it('leaves out payments outside the studio days of the period, at both ends', () => {
        const payments = [
            pay('2026-10-31T20:59:59Z', 1),
            pay('2026-10-31T21:00:00Z', 10),
            pay('2026-11-30T20:59:59Z', 100),
            pay('2026-11-30T21:00:00Z', 1000),
        ];
        expect(incomeSeries(payments, { from: '2026-11-01', to: '2026-11-30' }, 'month', 'Europe/Moscow').total).toBe(
            110,
        );
    });

    it('subtracts refunds, also from their method, and keeps cents exact', () => {
        const payments = [
            pay('2026-11-02T10:00:00Z', 0.1),
            pay('2026-11-02T10:00:00Z', 0.2),
            pay('2026-11-03T10:00:00Z', 5000, { method: 'card' }),
            pay('2026-11-04T10:00:00Z', 1500, { kind: 'refund', method: 'card' }),
        ];
        expect(incomeSeries(payments, { from: '2026-11-01', to: '2026-11-30' }, 'month', 'UTC')).toEqual({
            total: 3500.3,
            series: [{ period: '2026-11-01', income: 3500.3 }],
        });
        expect(incomeByMethod(incomeShares(payments, new Map()))).toEqual([
            { key: 'card', label: undefined, amount: 3500 },
            { key: 'cash', label: undefined, amount: 0.3 },
        ]);
    });

    it('groups weeks from Monday and shows empty buckets as zero', () => {
        expect(bucketsOf({ from: '2026-11-01', to: '2026-11-16' }, 'week')).toEqual([
            '2026-10-26',
            '2026-11-02',
            '2026-11-09',
            '2026-11-16',
        ]);
        const { series } = incomeSeries(
            [pay('2026-11-08T12:00:00Z', 50), pay('2026-11-09T12:00:00Z', 70)],
            { from: '2026-11-02', to: '2026-11-15' },
            'week',
            'UTC',
        );
        expect(series).toEqual([
            { period: '2026-11-02', income: 50 },
            { period: '2026-11-09', income: 70 },
        ]);
        expect(bucketsOf({ from: '2026-11-15', to: '2027-01-02' }, 'month')).toEqual([
            '2026-11-01',
            '2026-12-01',
            '2027-01-01',
        ]);
    });

    it('breaks income down by plan, payments for no pass apart', () => {
        const passes = new Map([[7, { subscriptionId: 2, name: '8 занятий' }]]);
        const plans = new Map([[2, { name: '8 занятий (plan)' }]]);
        expect(
            incomeByPlan(
                incomeShares(
                    [pay('x', 6000, { passId: 7 }), pay('x', 800), pay('x', 1000, { passId: 7, kind: 'refund' })],
                    passes,
                ),
                plans,
            ),
        ).toEqual([
            { key: '2', label: '8 занятий (plan)', amount: 5000 },
            { key: 'none', label: undefined, amount: 800 },
        ]);
    });
});

describe('earned revenue', () => {
    const events = new Map([
        [1, { startsAt: '2026-11-02T19:00', courseId: 10, teacherId: 3, studioId: 1, status: 'done' as const }],
        [2, { startsAt: '2026-11-03T19:00', courseId: 11, teacherId: 4, studioId: 2, status: 'done' as const }],
        [3, { startsAt: '2026-12-01T19:00', courseId: 10, teacherId: 3, studioId: 1, status: 'planned' as const }],
    ]);
    const courses = new Map([
        [10, { directionId: 100 }],
        [11, { directionId: 200 }],
    ]);

    it('earns price / visits for each charged visit of the period', () => {
        const earned = earnedRevenue(
            {
                attendances: [
                    { eventId: 1, passId: 1, charged: true },
                    { eventId: 2, passId: 1, charged: true },
                    { eventId: 2, passId: null, charged: false },
                    { eventId: 3, passId: 1, charged: true },
                ],
                events,
                courses,
                passes: [{ id: 1, price: 8000, visitsTotal: 8, startsOn: '2026-11-01', endsOn: '2026-12-31' }],
            },
            { from: '2026-11-01', to: '2026-11-30' },
        );
        expect(earned.total).toBe(2000);
        expect(earned.byDirection).toEqual([
            { key: '100', label: undefined, amount: 1000 },
            { key: '200', label: undefined, amount: 1000 },
        ]);
        expect(earned.byTeacher.map(entry => entry.key)).toEqual(['3', '4']);
    });

    it('spreads an unlimited pass over its days, to the classes of each day', () => {
        const earned = earnedRevenue(
            {
                attendances: [{ eventId: 1, passId: 2, charged: true }],
                events,
                courses,
                passes: [{ id: 2, price: 3000, visitsTotal: null, startsOn: '2026-11-01', endsOn: '2026-11-30' }],
            },
            { from: '2026-11-01', to: '2026-11-10' },
        );
        expect(earned.total).toBe(1000);
        expect(earned.byDirection).toEqual([
            { key: 'none', label: undefined, amount: 900 },
            { key: '100', label: undefined, amount: 100 },
        ]);
    });
});

describe('boundaries asked as one', () => {
    it('gives each list of boundaries the sums it would get alone, lists overlapping, apart or nested', () => {
        const payments = Array.from({ length: 400 }, (_, index) =>
            pay(new Date(Date.UTC(2026, 8, 1) + index * 7_919_000 * 3).toISOString(), (index % 7) + 0.01 * index, {
                kind: index % 5 ? 'payment' : 'refund',
            }),
        );
        const lists = [
            bucketBoundaries({ from: '2026-10-01', to: '2026-12-31' }, 'week', 'Europe/Moscow'),
            bucketBoundaries({ from: '2026-09-01', to: '2026-09-30' }, 'day', 'Europe/Moscow'),
            ['2026-10-10T00:00:00.000Z', '2026-10-20T00:00:00.000Z'],
            ['2026-12-30T12:00:00.000Z', '2027-03-01T00:00:00.000Z'],
        ];
        const merged = mergedBoundaries(lists);
        expect(merged.split(incomeBetween(payments, merged.boundaries))).toEqual(
            lists.map(list => incomeBetween(payments, list)),
        );
        expect(
            lists
                .map(list => incomeBetween(payments, list))
                .flat()
                .some(sum => sum !== 0),
        ).toBe(true);
    });
});
