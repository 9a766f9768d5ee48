import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Database, Pass, StudioEvent } from '../../src/domain/types';
import { validateDatabase } from '../../src/domain/validation';
import { addDays, generateDatabase } from '../../src/scripts/demo-data';

const TODAY = '2026-11-23';
// Generated once: each generation hashes six passwords with scrypt.
const db = generateDatabase();

const countBy = <T>(records: T[], key: (record: T) => string): Record<string, number> => {
    const counts: Record<string, number> = {};
    for (const record of records) counts[key(record)] = (counts[key(record)] ?? 0) + 1;
    return counts;
};

const minutes = (event: StudioEvent): [number, number] => {
    const start = Number(event.startsAt.slice(11, 13)) * 60 + Number(event.startsAt.slice(14, 16));
    return [start, start + event.durationMinutes];
};

/** Pairs of events of one owner (teacher or studio) that overlap on the same date. */
const clashes = (events: StudioEvent[], owner: (event: StudioEvent) => number): string[] => {
    const found: string[] = [];
    const groups = new Map<string, StudioEvent[]>();
    for (const event of events) {
        const key = `${owner(event)} ${event.startsAt.slice(0, 10)}`;
        groups.set(key, [...(groups.get(key) ?? []), event]);
    }
    for (const group of groups.values()) {
        group.forEach((a, index) =>
            group.slice(index + 1).forEach(b => {
                const [startA, endA] = minutes(a);
                const [startB, endB] = minutes(b);
                if (startA < endB && startB < endA) found.push(`${a.id}/${b.id}`);
            }),
        );
    }
    return found;
};

describe('demo data generator', () => {
    it('is deterministic: the same options give the same database', () => {
        expect(generateDatabase({ seed: 1, scale: 1, today: TODAY })).toEqual(db);
    });

    it('differs with another seed', () => {
        const other = generateDatabase({ seed: 2 });
        expect(other).not.toEqual(db);
        expect(other.customers.map(customer => customer.lastName)).not.toEqual(
            db.customers.map(customer => customer.lastName),
        );
    });

    it('passes validateDatabase', () => {
        expect(validateDatabase(db, 100)).toEqual([]);
    });

    it('has the counts of the demo studio', () => {
        expect(db.studios).toHaveLength(3);
        expect(db.directions).toHaveLength(6);
        expect(db.courses).toHaveLength(10);
        expect(db.subscriptions).toHaveLength(8);
        expect(countBy(db.users, user => user.role)).toEqual({ admin: 1, manager: 1, teacher: 4 });
        expect(db.customers.length).toBeGreaterThanOrEqual(140);
        expect(db.customers.length).toBeLessThanOrEqual(160);
        expect(db.schedules.length).toBeGreaterThanOrEqual(10);
        expect(db.schedules.length).toBeLessThanOrEqual(14);
        expect(db.configs).toEqual([
            expect.objectContaining({
                id: 'general',
                studioName: 'Studio Pulse',
                currency: 'RUB',
                timezone: 'Europe/Moscow',
            }),
        ]);
        expect(countBy(db.statuses, status => status.name)).toEqual({ customer: 5, attendance: 5 });
        expect(
            db.statuses
                .filter(status => status.charges)
                .map(status => status.code)
                .sort(),
        ).toEqual(['attended', 'late', 'missed']);
    });

    it('ships the demo accounts of the README', () => {
        const emails = db.users.map(user => user.email);
        expect(emails).toEqual(
            expect.arrayContaining(['admin@studio.test', 'manager@studio.test', 'anna@studio.test']),
        );
        expect(db.users.find(user => user.email === 'anna@studio.test')).toMatchObject({
            name: 'Anna Petrova',
            role: 'teacher',
        });
    });

    it('stores password hashes, never passwords', () => {
        for (const [name, records] of Object.entries(db)) {
            for (const record of records as object[]) expect(record, name).not.toHaveProperty('password');
        }
        for (const user of db.users) expect(user.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    });

    it('keeps every visitsUsed equal to the charged attendances of the pass, within visitsTotal', () => {
        const charged = countBy(
            db.attendances.filter(attendance => attendance.charged),
            attendance => String(attendance.passId),
        );
        for (const pass of db.passes) {
            expect(pass.visitsUsed, `pass ${pass.id}`).toBe(charged[pass.id] ?? 0);
            if (pass.visitsTotal !== null) expect(pass.visitsUsed).toBeLessThanOrEqual(pass.visitsTotal);
        }
    });

    it('charges every attendance by the charging rule', () => {
        const charging = new Set(
            db.statuses.filter(status => status.name === 'attendance' && status.charges).map(status => status.code),
        );
        const events = new Map(db.events.map(event => [event.id, event]));
        const directionOf = new Map(db.courses.map(course => [course.id, course.directionId]));
        const used = new Map<number, number>();
        const activeOn = (pass: Pass, date: string) =>
            !pass.cancelled &&
            pass.startsOn <= date &&
            date <= pass.endsOn &&
            !(pass.frozenFrom && pass.frozenTo && pass.frozenFrom <= date && date <= pass.frozenTo) &&
            (pass.visitsTotal === null || (used.get(pass.id) ?? 0) < pass.visitsTotal);
        // Replayed in the order the marks were made.
        for (const attendance of db.attendances) {
            const event = events.get(attendance.eventId) as StudioEvent;
            expect(attendance.markedBy).toBe(event.teacherId);
            if (!charging.has(attendance.status)) {
                expect(attendance).toMatchObject({ passId: null, charged: false, unpaid: false });
                continue;
            }
            const date = event.startsAt.slice(0, 10);
            const directionId = directionOf.get(event.courseId) as number;
            const expected =
                db.passes
                    .filter(pass => pass.customerId === attendance.customerId && activeOn(pass, date))
                    .filter(pass => pass.directionIds.length === 0 || pass.directionIds.includes(directionId))
                    .sort((a, b) => a.endsOn.localeCompare(b.endsOn) || a.id - b.id)[0] ?? null;
            expect(attendance, `attendance ${attendance.id}`).toMatchObject({
                passId: expected?.id ?? null,
                charged: expected !== null,
                unpaid: expected === null,
            });
            if (expected) used.set(expected.id, (used.get(expected.id) ?? 0) + 1);
        }
        // A handful of debts, not hundreds.
        const debts = db.attendances.filter(attendance => attendance.unpaid).length;
        expect(debts).toBeLessThanOrEqual(20);
    });

    it('marks each customer at most once per event, only on done events, within capacity', () => {
        const pairs = db.attendances.map(attendance => `${attendance.eventId}/${attendance.customerId}`);
        expect(new Set(pairs).size).toBe(pairs.length);
        const events = new Map(db.events.map(event => [event.id, event]));
        for (const attendance of db.attendances)
            expect((events.get(attendance.eventId) as StudioEvent).status).toBe('done');
        const perEvent = countBy(db.attendances, attendance => String(attendance.eventId));
        for (const event of db.events) expect(perEvent[event.id] ?? 0).toBeLessThanOrEqual(event.capacity);
    });

    it('never puts a teacher or a studio in two places at once', () => {
        expect(clashes(db.events, event => event.teacherId)).toEqual([]);
        expect(clashes(db.events, event => event.studioId)).toEqual([]);
    });

    it('lays out events over the past 8 weeks and the next 2', () => {
        const dates = db.events.map(event => event.startsAt.slice(0, 10)).sort();
        expect(dates[0] >= addDays(TODAY, -56)).toBe(true);
        expect(dates[dates.length - 1] <= addDays(TODAY, 13)).toBe(true);
        for (const event of db.events) {
            const date = event.startsAt.slice(0, 10);
            if (date >= TODAY) expect(event.status).toBe('planned');
            else expect(['done', 'cancelled']).toContain(event.status);
        }
        const oneOffs = db.events.filter(event => event.scheduleId === null);
        expect(oneOffs).toHaveLength(3);
        for (const event of oneOffs) expect(event.title).toBeTruthy();
        expect(countBy(db.events, event => event.status).cancelled).toBeGreaterThan(0);
    });

    it('sells passes as the sell endpoint does: pass and payment pointing at each other', () => {
        const payments = new Map(db.payments.map(payment => [payment.id, payment]));
        const plans = new Map(db.subscriptions.map(plan => [plan.id, plan]));
        for (const pass of db.passes) {
            const payment = payments.get(pass.paymentId as number);
            expect(payment).toMatchObject({
                kind: 'payment',
                passId: pass.id,
                amount: pass.price,
                customerId: pass.customerId,
            });
            const plan = plans.get(pass.subscriptionId);
            expect(pass).toMatchObject({
                name: plan?.name,
                price: plan?.price,
                visitsTotal: plan?.visits,
                directionIds: plan?.directionIds,
            });
            const frozenDays =
                pass.frozenFrom && pass.frozenTo
                    ? Math.round((Date.parse(pass.frozenTo) - Date.parse(pass.frozenFrom)) / 86_400_000) + 1
                    : 0;
            expect(frozenDays).toBeLessThanOrEqual(plan?.freezeDays ?? 0);
            expect(pass.endsOn).toBe(addDays(pass.startsOn, (plan?.validityDays ?? 0) - 1 + frozenDays));
        }
        expect(db.passes.filter(pass => pass.frozenFrom).length).toBeGreaterThan(0);
        const cancelled = db.passes.filter(pass => pass.cancelled);
        expect(cancelled.length).toBeGreaterThan(0);
        for (const pass of cancelled)
            expect(db.payments.some(payment => payment.kind === 'refund' && payment.passId === pass.id)).toBe(true);
    });

    it('has payment links in every status, consistent with their payments', () => {
        expect(Object.keys(countBy(db.paymentLinks, link => link.status)).sort()).toEqual([
            'cancelled',
            'expired',
            'paid',
            'pending',
        ]);
        const payments = new Map(db.payments.map(payment => [payment.id, payment]));
        const endOfTtl = Date.parse(`${addDays(TODAY, 3)}T00:00:00+03:00`);
        for (const link of db.paymentLinks) {
            expect(link.id).toMatch(/^[\w-]{22}$/);
            expect(link.amount).toBe(db.subscriptions.find(plan => plan.id === link.subscriptionId)?.price);
            if (link.status === 'paid') {
                expect(payments.get(link.paymentId as number)).toMatchObject({
                    method: 'online',
                    paymentLinkId: link.id,
                    passId: link.passId,
                    paidAt: link.paidAt,
                });
            } else {
                expect(link).toMatchObject({ paidAt: null, paymentId: null, passId: null });
            }
            if (link.status === 'pending') expect(Date.parse(link.expiresAt)).toBeGreaterThan(endOfTtl);
            if (link.status === 'expired')
                expect(Date.parse(link.expiresAt)).toBeLessThan(Date.parse(`${TODAY}T00:00:00+03:00`));
        }
        expect(new Set(db.paymentLinks.map(link => link.id)).size).toBe(db.paymentLinks.length);
    });

    it('dates every record no later than the anchor day, and customers before their dealings', () => {
        const endOfToday = new Date(`${TODAY}T24:00:00+03:00`).toISOString();
        for (const [name, records] of Object.entries(db)) {
            for (const record of records as { createdAt: string }[])
                expect(record.createdAt <= endOfToday, name).toBe(true);
        }
        const registered = new Map(db.customers.map(customer => [customer.id, customer.createdAt]));
        for (const record of [...db.passes, ...db.payments, ...db.attendances, ...db.paymentLinks]) {
            expect(registered.get(record.customerId)! < record.createdAt).toBe(true);
        }
    });

    it('writes null, not nothing, for absent optional fields', () => {
        for (const collection of ['customers', 'passes', 'payments', 'events', 'paymentLinks'] as const) {
            const keys = new Set(db[collection].map(record => Object.keys(record).join(',')));
            expect(keys.size, collection).toBe(1);
        }
    });

    it('is the committed db.json', () => {
        const file = fileURLToPath(new URL('../../db.json', import.meta.url));
        const committed = JSON.parse(readFileSync(file, 'utf8')) as Database;
        expect(committed).toEqual(db);
    });
});
