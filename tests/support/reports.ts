import { readFileSync } from 'node:fs';
import type { IncomeShare, Period } from '../../src/domain/income';
import { addDays } from '../../src/domain/time';
import { demoDb } from './server';

/*
 * The database the engines' sums are compared on (tests/api/reports.test.ts), made to be hard: prices
 * whose shares fall on half a cent, unlimited passes of odd lengths used for several classes a day, passes
 * reaching past the period on either side, uncharged marks, refunds and corrections, and payments written
 * with and without seconds exactly on the studio's midnights; and the periods the sums are asked for.
 */

/** A small deterministic generator, so that a failure can be run again. */
const random = (seed: number) => () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
};

type Records = Record<string, Record<string, unknown>[]>;

/** The demo database with a season of hard cases added (new ids above the demo's). */
export const hardDatabase = (): Records => {
    const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Records;
    const next = random(20261123);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
    const customers = db.customers.map(customer => customer.id as number).slice(0, 60);
    const teachers = db.users.filter(user => user.role === 'teacher').map(user => user.id as number);
    const courses = db.courses.map(course => course.id as number);
    const studios = db.studios.map(studio => studio.id as number);
    const prices = [100.01, 0.05, 1000, 999.99, 2800, 0.01, 333.33, 5200.5, 10, 7777.77];
    const season = { from: '2026-08-01', to: '2026-12-31' };
    const days = Array.from({ length: 153 }, (_, index) => addDays(season.from, index));

    const passes: Records[string] = [];
    const passesOf = new Map<number, Records[string]>();
    for (const customerId of customers) {
        for (let n = 0; n < 2; n++) {
            const startsOn = pick(days);
            const unlimited = next() < 0.4;
            const pass = {
                id: 10_000 + passes.length,
                customerId,
                subscriptionId: unlimited ? 5 : pick([2, 3, 7, 8]),
                name: unlimited ? 'Безлимит' : 'Абонемент',
                price: pick(prices),
                visitsTotal: unlimited ? null : pick([1, 2, 3, 7, 8, 12]),
                directionIds: [],
                startsOn,
                endsOn: addDays(startsOn, pick([0, 1, 6, 29, 30, 44, 90])),
                visitsUsed: 0,
                frozenFrom: null,
                frozenTo: null,
                cancelled: false,
                paymentId: null,
                createdAt: `${startsOn}T09:00:00.000Z`,
            };
            passes.push(pass);
            passesOf.set(customerId, [...(passesOf.get(customerId) ?? []), pass]);
        }
    }

    const events: Records[string] = [];
    const attendances: Records[string] = [];
    for (const day of days) {
        // Several classes a day, so that an unlimited pass is used for more than one.
        for (const time of ['10:00', '12:30', '19:00', '23:59']) {
            if (next() < 0.3) continue;
            const event = {
                id: 10_000 + events.length,
                scheduleId: null,
                title: null,
                courseId: pick(courses),
                teacherId: pick(teachers),
                studioId: pick(studios),
                startsAt: `${day}T${time}`,
                durationMinutes: 60,
                capacity: 20,
                status: 'done',
                notes: null,
                createdAt: `${day}T06:00:00.000Z`,
            };
            events.push(event);
            for (const customerId of customers) {
                if (next() < 0.85) continue;
                const usable = (passesOf.get(customerId) ?? []).filter(
                    pass => (pass.startsOn as string) <= day && day <= (pass.endsOn as string),
                );
                const pass = usable.length && next() < 0.9 ? pick(usable) : null;
                const charged = pass !== null && next() < 0.92;
                if (pass && charged) pass.visitsUsed = (pass.visitsUsed as number) + 1;
                attendances.push({
                    id: 100_000 + attendances.length,
                    eventId: event.id,
                    customerId,
                    status: charged ? 'attended' : pick(['attended', 'excused']),
                    passId: pass?.id ?? null,
                    charged,
                    unpaid: false,
                    markedBy: event.teacherId,
                    createdAt: `${day}T20:00:00.000Z`,
                });
            }
        }
    }
    // A pass used more than its visits stays a valid record: the sums take what was charged.
    for (const pass of passes)
        if (pass.visitsTotal !== null)
            pass.visitsTotal = Math.max(pass.visitsTotal as number, pass.visitsUsed as number);
    // Every state a pass can be in on a day: cancelled, frozen (or frozen another time), used up.
    for (const pass of passes) {
        const roll = next();
        if (roll < 0.1) pass.cancelled = true;
        else if (roll < 0.3)
            [pass.frozenFrom, pass.frozenTo] = [
                addDays(pass.startsOn as string, 1),
                addDays(pass.startsOn as string, pick([1, 4, 20])),
            ];
        else if (roll < 0.4 && pass.visitsTotal !== null) pass.visitsUsed = pass.visitsTotal;
        else if (roll < 0.5 && pass.visitsTotal !== null)
            pass.visitsUsed = Math.max(0, (pass.visitsTotal as number) - 1);
    }

    const payments: Records[string] = [];
    const pay = (fields: Record<string, unknown>) =>
        payments.push({
            id: 10_000 + payments.length,
            customerId: pick(customers),
            kind: 'payment',
            method: pick(['cash', 'card', 'transfer', 'online']),
            passId: null,
            paymentLinkId: null,
            note: null,
            createdBy: 2,
            correctsId: null,
            ...fields,
            createdAt: fields.paidAt,
        });
    for (const pass of passes)
        pay({
            customerId: pass.customerId,
            amount: pass.price,
            passId: pass.id,
            paidAt: `${pass.startsOn}T08:15:00.000Z`,
        });
    for (const day of days) {
        // Moscow's midnight is 21:00 UTC the day before: on it, a minute before, with and without seconds.
        pay({ amount: pick(prices), paidAt: `${day}T21:00Z` });
        pay({ amount: pick(prices), paidAt: `${day}T20:59:59.999Z` });
        pay({ amount: pick(prices), paidAt: `${day}T21:00:00Z`, passId: pick(passes).id });
        if (next() < 0.3) pay({ kind: 'refund', amount: pick(prices), paidAt: `${day}T12:00:30.5Z` });
    }
    // Inside a second: between instants that are whole seconds but not whole minutes.
    pay({ amount: 12.34, paidAt: '2026-10-05T12:00:30.5Z' });
    const corrected = payments[3];
    pay({ kind: 'correction', amount: -0.03, correctsId: corrected.id, paidAt: '2026-10-31T21:00Z' });

    return {
        ...db,
        passes: [...db.passes, ...passes],
        events: [...db.events, ...events],
        attendances: [...db.attendances, ...attendances],
        payments: [...db.payments, ...payments],
    };
};

export const periods: Period[] = [
    { from: '2026-01-01', to: '2026-12-31' },
    { from: '2026-09-01', to: '2026-11-30' },
    { from: '2026-10-01', to: '2026-10-31' },
    { from: '2026-10-17', to: '2026-10-17' },
    { from: '2026-08-01', to: '2026-08-01' },
    { from: '2026-12-20', to: '2027-01-10' },
];

export const sortedShares = (shares: IncomeShare[]) =>
    [...shares].sort((a, b) => `${a.method} ${a.planId}`.localeCompare(`${b.method} ${b.planId}`));
