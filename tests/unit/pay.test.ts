import { describe, expect, it } from 'vitest';
import { buildJournal, monthBounds } from '../../src/domain/journal';
import { classPay, newZeroRates, nextRate, payChangeProblem, payRate, rateOn, teacherPay } from '../../src/domain/pay';
import { payroll } from '../../src/domain/payroll';
import { payRates } from '../../src/domain/payRates';
import { upgradeDatabase } from '../../src/domain/upgrades';
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
    bookable: true,
    status,
    notes: null,
});

const charging = new Set(['attended', 'late', 'missed']);
const events = [
    buildEvent(1, '2026-11-02T19:00', 'done'),
    buildEvent(2, '2026-11-09T19:00', 'cancelled'),
    buildEvent(3, '2026-11-16T19:00', 'planned'),
];
const marks = [
    { eventId: 1, customerId: 10, status: 'attended' },
    { eventId: 1, customerId: 11, status: 'excused' },
    { eventId: 1, customerId: 12, status: 'missed' },
    { eventId: 2, customerId: 10, status: 'attended' },
    { eventId: 3, customerId: 10, status: 'late' },
];

describe('teacher pay', () => {
    it('per event pays each done event only', () => {
        const pay = teacherPay([payRate({ kind: 'per_event', amount: 1500 })], events, marks, charging);
        expect(pay.events.map(row => row.pay)).toEqual([1500, 0, 0]);
        expect(pay.total).toBe(1500);
    });

    it('per attendee pays each charging mark of events that were not cancelled', () => {
        const pay = teacherPay([payRate({ kind: 'per_attendee', amount: 250.5 })], events, marks, charging);
        expect(pay.events.map(row => [row.visits, row.pay])).toEqual([
            [2, 501],
            [1, 0],
            [1, 250.5],
        ]);
        expect(pay.total).toBe(751.5);
        expect(pay.visits).toBe(3);
    });

    it('pays nothing without a pay rule', () => {
        expect(teacherPay([payRate({ kind: 'none', amount: 0 })], events, marks, charging).total).toBe(0);
    });
});

describe('pay rates with dates', () => {
    const yoga = { id: 1, directionId: 10 };
    const workshop = { id: 2, directionId: 10 };
    const dance = { id: 3, directionId: 20 };
    const rates = [
        payRate({ kind: 'per_event', amount: 1000 }),
        payRate({ kind: 'per_event', amount: 1200, from: '2026-12-01' }),
        payRate({ kind: 'per_attendee', amount: 300, directionId: 10 }),
        payRate({ kind: 'per_event', amount: 5000, courseId: 2, from: '2026-11-15' }),
    ];

    it('pays each class by the rate in force on its date, the narrowest reach first', () => {
        expect(rateOn(rates, '2026-11-30', dance)?.amount).toBe(1000);
        expect(rateOn(rates, '2026-12-01', dance)?.amount).toBe(1200);
        expect(rateOn(rates, '2026-11-30', yoga)?.kind).toBe('per_attendee');
        expect(rateOn(rates, '2026-11-14', workshop)?.kind).toBe('per_attendee');
        expect(rateOn(rates, '2026-11-15', workshop)?.amount).toBe(5000);
        expect(rateOn([payRate({ kind: 'per_event', amount: 1, from: '2026-12-01' })], '2026-11-30', dance)).toBeNull();
    });

    it('keeps last month as it was when a rate is raised from the first of this month', () => {
        const november = [buildEvent(1, '2026-11-02T19:00', 'done'), buildEvent(3, '2026-11-30T19:00', 'done')];
        const december = buildEvent(4, '2026-12-01T10:00', 'done');
        const courses = new Map([[1, dance]]);
        const before = teacherPay([rates[0]], november, [], charging, courses);
        const after = teacherPay([rates[0], rates[1]], [...november, december], [], charging, courses);
        expect(before.total).toBe(2000);
        expect(after.events.map(row => row.pay)).toEqual([1000, 1000, 1200]);
        expect(after.events.map(row => row.rate?.amount)).toEqual([1000, 1000, 1200]);
    });

    it('computes each kind: per class held, per visit, a base with a bonus above a threshold, and a minimum', () => {
        const bonus = payRate({ kind: 'base_bonus', amount: 1000, bonus: 150, threshold: 4 });
        expect(classPay(bonus, 'done', 3)).toBe(1000);
        expect(classPay(bonus, 'done', 7)).toBe(1450);
        expect(classPay(bonus, 'planned', 7)).toBe(0);
        expect(classPay(bonus, 'cancelled', 7)).toBe(0);
        const perVisit = payRate({ kind: 'per_attendee', amount: 250.5, minimum: 800 });
        expect(classPay(perVisit, 'done', 2)).toBe(800);
        expect(classPay(perVisit, 'done', 4)).toBe(1002);
        expect(classPay(perVisit, 'planned', 1)).toBe(250.5);
        expect(classPay(perVisit, 'cancelled', 4)).toBe(0);
        expect(classPay(payRate({ kind: 'per_event', amount: 1500, minimum: 2000 }), 'done', 0)).toBe(2000);
        expect(classPay(payRate({ kind: 'none', amount: 0, minimum: 2000 }), 'done', 9)).toBe(0);
        expect(classPay(null, 'done', 9)).toBe(0);
    });

    it('refuses changes that rewrite the past, and takes rates from today on', () => {
        const today = '2026-11-23';
        const saved = [
            payRate({ kind: 'per_event', amount: 1000 }),
            payRate({ kind: 'per_event', amount: 1100, from: '2026-11-01' }),
            payRate({ kind: 'per_event', amount: 1300, from: '2026-12-01' }),
        ];
        expect(
            payChangeProblem(saved, [...saved, payRate({ kind: 'per_attendee', amount: 300, from: today })], today),
        ).toBeNull();
        expect(
            payChangeProblem(
                saved,
                [saved[0], saved[1], payRate({ kind: 'per_event', amount: 1400, from: '2026-12-01' })],
                today,
            ),
        ).toBeNull();
        expect(payChangeProblem(saved, [saved[0], saved[1]], today)).toBeNull();
        expect(payChangeProblem(saved, [saved[0], saved[2]], today)).toBe('app.validation.pay_past');
        expect(payChangeProblem(saved, [payRate({ kind: 'per_event', amount: 2000 }), saved[1], saved[2]], today)).toBe(
            'app.validation.pay_past',
        );
        expect(
            payChangeProblem(saved, [...saved, payRate({ kind: 'per_event', amount: 900, from: '2026-11-22' })], today),
        ).toBe('app.validation.pay_past');
    });

    it('reads an old single rule as the first rate, and checks a list of rates', () => {
        expect(payRates.parse({ kind: 'per_attendee', amount: 300 })).toEqual([
            payRate({ kind: 'per_attendee', amount: 300 }),
        ]);
        expect(payRates.parse(undefined)).toEqual([payRate({ kind: 'none', amount: 0 })]);
        expect(payRates.safeParse([payRate({ kind: 'per_event', amount: 1, from: '2026-01-01' })]).success).toBe(false);
        expect(
            payRates.safeParse([payRate({ kind: 'per_event', amount: 1 }), payRate({ kind: 'per_event', amount: 2 })])
                .success,
        ).toBe(false);
        expect(
            payRates.safeParse([
                payRate({ kind: 'per_event', amount: 1 }),
                payRate({ kind: 'per_event', amount: 2, directionId: 1, courseId: 2 }),
            ]).success,
        ).toBe(false);
        const values = {
            users: [
                { id: 3, pay: { kind: 'per_event', amount: 1500 } },
                { id: 4, pay: [payRate({ kind: 'none', amount: 0 })] },
            ],
        };
        expect(upgradeDatabase(values)).toBe(1);
        expect(values.users.map(user => user.pay)).toEqual([
            [payRate({ kind: 'per_event', amount: 1500 })],
            [payRate({ kind: 'none', amount: 0 })],
        ]);
        expect(upgradeDatabase(values)).toBe(0);
    });
});

describe('a new rate on the form', () => {
    const first = payRate({ kind: 'per_attendee', amount: 300 });
    const workshops = payRate({ kind: 'per_event', amount: 5000, courseId: 7 });
    const raised = payRate({ kind: 'per_attendee', amount: 350, from: '2026-12-01' });

    it('starts from the rate in force today for every class, from today', () => {
        expect(nextRate([first, workshops, raised], '2026-11-20')).toEqual({ ...first, from: '2026-11-20' });
        expect(nextRate([first, workshops, raised], '2026-12-05')).toEqual({ ...raised, from: '2026-12-05' });
        expect(nextRate([], '2026-11-20')).toEqual(payRate({ kind: 'per_event', amount: 0, from: '2026-11-20' }));
    });

    it('is asked about when it pays nothing and was not saved so', () => {
        const zero = payRate({ kind: 'per_event', amount: 0, from: '2026-11-20' });
        expect(newZeroRates([first], [first, zero])).toEqual([zero]);
        expect(newZeroRates([first, zero], [first, zero])).toEqual([]);
        // Not paid by its kind, a minimum, or a bonus: it pays, or says it does not.
        expect(
            newZeroRates(
                [],
                [
                    payRate({ kind: 'none', amount: 0 }),
                    payRate({ kind: 'per_event', amount: 0, minimum: 500 }),
                    payRate({ kind: 'base_bonus', amount: 0, bonus: 100 }),
                ],
            ),
        ).toEqual([]);
    });
});

describe("the studio's pay for a period", () => {
    it('gives each teacher what their own page gives, largest first, teachers without classes at zero', () => {
        const boris = { ...buildEvent(5, '2026-11-03T19:00', 'done'), teacherId: 4 };
        const teachers = [
            { id: 3, name: 'Anna', pay: [payRate({ kind: 'per_attendee', amount: 250.5 })] },
            { id: 4, name: 'Boris', pay: [payRate({ kind: 'per_event', amount: 1500 })] },
            { id: 6, name: 'Dmitry', pay: [payRate({ kind: 'per_event', amount: 900 })] },
        ];
        const allMarks = [...marks, { eventId: 5, customerId: 10, status: 'attended' }];
        const { lines, total } = payroll(teachers, [...events, boris], allMarks, charging, new Map(), [], {
            from: '2026-11-01',
            to: '2026-11-30',
        });
        expect(lines).toEqual([
            { teacherId: 4, name: 'Boris', classes: 1, visits: 1, adjustments: 0, total: 1500, closed: false },
            { teacherId: 3, name: 'Anna', classes: 1, visits: 3, adjustments: 0, total: 751.5, closed: false },
            { teacherId: 6, name: 'Dmitry', classes: 0, visits: 0, adjustments: 0, total: 0, closed: false },
        ]);
        expect(lines[1].total).toBe(teacherPay(teachers[0].pay, events, marks, charging).total);
        expect(total).toBe(2251.5);
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
        const journal = buildJournal(
            '2026-11',
            [10, 11, 13],
            [...events, december],
            [...marks, { eventId: 4, customerId: 13, status: 'attended' }],
            customers,
            charging,
        );
        expect(journal.columns.map(column => [column.eventId, column.visits])).toEqual([
            [1, 2],
            [2, 1],
            [3, 1],
        ]);
        expect(journal.rows.map(row => [row.name, row.visits, row.marks])).toEqual([
            ['Antonov Oleg', 0, { 1: 'excused' }],
            ['Bykova Anna', 3, { 1: 'attended', 2: 'attended', 3: 'late' }],
            ['Gromov Pavel', 0, {}],
            ['Vetrov Ivan', 1, { 1: 'missed' }],
        ]);
        expect(journal.visits).toBe(4);
    });
});
