import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyChanges, settleVisit } from '../../src/domain/attendance';
import { freezePass } from '../../src/domain/freezes';
import { passForSale } from '../../src/domain/money';
import { addDays } from '../../src/domain/time';
import { upgradeDatabase } from '../../src/domain/upgrades';
import { monthlyRecurringRevenue, nextPeriodEnd } from '../../src/domain/memberships';
import { demoFingerprint } from '../../src/domain/demoWeeks';
import { expandSchedule, findClash, ownTitle } from '../../src/domain/timetable';
import type { Database, Schedule, StudioEvent, Subscription } from '../../src/domain/types';
import { validateDatabase } from '../../src/domain/validation';
import { generateDatabase } from '../../src/scripts/demo';

const TODAY = '2026-11-23';
// Generated once: each generation hashes six passwords with scrypt.
const db = generateDatabase();

const countBy = <T>(records: T[], key: (record: T) => string): Record<string, number> => {
    const counts: Record<string, number> = {};
    for (const record of records) counts[key(record)] = (counts[key(record)] ?? 0) + 1;
    return counts;
};

/** Events that put a teacher or a studio in two places at once, by the timetable's own clash rule. */
const clashes = (events: StudioEvent[]): string[] =>
    events.flatMap((event, index) => {
        const clash = findClash(event, events.slice(index + 1));
        return clash ? [`${event.id}/${clash.event.id} (${clash.kind})`] : [];
    });

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
        // Eight plans sold at the desk and two sold as memberships that renew.
        expect(db.subscriptions).toHaveLength(10);
        expect(db.subscriptions.filter(plan => plan.autoRenew)).toHaveLength(2);
        expect(countBy(db.users, user => user.role)).toEqual({ admin: 1, manager: 1, teacher: 4 });
        expect(db.customers.length).toBeGreaterThanOrEqual(140);
        expect(db.customers.length).toBeLessThanOrEqual(160);
        expect(db.schedules.length).toBeGreaterThanOrEqual(10);
        expect(db.schedules.length).toBeLessThanOrEqual(14);
        expect(db.configs).toEqual([
            expect.objectContaining({
                id: 'general',
                studioName: 'Студия «Пульс»',
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
            name: 'Анна Петрова',
            role: 'teacher',
        });
    });

    it('speaks Russian when the studio does: staff, sources and the studio in Cyrillic letters', () => {
        const latin = /[A-Za-z]/;
        const cyrillic = /^[А-яЁё«» -]+$/;
        const sources = [...new Set(db.customers.flatMap(customer => (customer.source ? [customer.source] : [])))];
        expect(sources.length).toBeGreaterThan(1);
        for (const text of [
            ...db.users.map(user => user.name),
            ...sources,
            db.configs[0].studioName,
            ...db.customers.map(customer => `${customer.firstName} ${customer.lastName}`),
        ])
            expect(text).toMatch(cyrillic);
        // Text staff read and the studio wrote: no Latin word anywhere but in addresses, codes and ids.
        const written = [
            ...db.schedules.map(schedule => schedule.title),
            ...db.events.flatMap(event => [event.title, event.notes]),
            ...db.customers.map(customer => customer.notes),
            ...db.paymentLinks.map(link => link.description),
        ].filter(text => text != null);
        for (const text of written) expect(text).not.toMatch(latin);
    });

    it('speaks English when the studio does', () => {
        const english = generateDatabase({ locale: 'en' });
        expect(english.users.find(user => user.email === 'anna@studio.test')?.name).toBe('Anna Petrova');
        expect(english.configs[0].studioName).toBe('Studio Pulse');
        expect(new Set(english.customers.map(customer => customer.source))).toContain('website');
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
        // Replayed through the server's charging rule, in the order the marks were made, from unused passes.
        const passes = db.passes.map(pass => ({ ...pass, visitsUsed: 0 }));
        for (const attendance of db.attendances) {
            const event = events.get(attendance.eventId) as StudioEvent;
            expect(attendance.markedBy).toBe(event.teacherId);
            const visit = {
                charges: charging.has(attendance.status),
                eventCancelled: event.status === 'cancelled',
                date: event.startsAt.slice(0, 10),
                directionId: directionOf.get(event.courseId) as number,
            };
            const own = passes.filter(pass => pass.customerId === attendance.customerId);
            const { charge, changes } = settleVisit(null, visit, own);
            expect(attendance, `attendance ${attendance.id}`).toMatchObject(charge);
            applyChanges(own, changes);
        }
        expect(passes.map(pass => pass.visitsUsed)).toEqual(db.passes.map(pass => pass.visitsUsed));
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
        expect(clashes(db.events)).toEqual([]);
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

    it("expands each group's classes as generating the timetable does", () => {
        for (const schedule of db.schedules as Schedule[]) {
            const generated = expandSchedule(schedule, addDays(TODAY, -56), addDays(TODAY, 13));
            const own = db.events.filter(event => event.scheduleId === schedule.id);
            expect(own.length, schedule.title ?? '').toBe(generated.length);
            for (const draft of generated) {
                const { status: _status, notes: _notes, ...planned } = draft;
                expect(own.find(event => event.slotAt === draft.slotAt)).toMatchObject(planned);
            }
        }
    });

    it('sells passes as the sell endpoint does: pass and payment pointing at each other', () => {
        const payments = new Map(db.payments.map(payment => [payment.id, payment]));
        const plans = new Map(db.subscriptions.map(plan => [plan.id, plan]));
        // A membership's passes run its calendar months (checked with the memberships below).
        for (const pass of db.passes.filter(one => one.membershipId == null)) {
            const payment = payments.get(pass.paymentId as number);
            expect(payment).toMatchObject({
                kind: 'payment',
                passId: pass.id,
                amount: pass.price,
                customerId: pass.customerId,
            });
            // The pass the sale rule makes, frozen by the freeze rule when it was frozen.
            const plan = plans.get(pass.subscriptionId) as Subscription;
            const sold = passForSale(plan, pass.customerId, pass.startsOn);
            const frozen =
                pass.frozenFrom && pass.frozenTo
                    ? freezePass(sold, plan.freezeDays, pass.frozenFrom, pass.frozenTo)
                    : { frozenFrom: null, frozenTo: null };
            expect(pass, `pass ${pass.id}`).toEqual({
                ...sold,
                ...frozen,
                id: pass.id,
                visitsUsed: pass.visitsUsed,
                cancelled: pass.cancelled,
                paymentId: pass.paymentId,
                createdAt: pass.createdAt,
            });
        }
        expect(db.passes.filter(pass => pass.frozenFrom).length).toBeGreaterThan(0);
        // A membership ended unpaid cancels its held pass, which nobody paid: no refund.
        const cancelled = db.passes.filter(pass => pass.cancelled && !pass.held);
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

    it('stores no group or class title that repeats its course', () => {
        const courseNames = new Map(db.courses.map(course => [course.id, course.name]));
        const titled = [...db.schedules, ...db.events].filter(record => record.title);
        expect(titled.length).toBeGreaterThan(0);
        for (const record of titled)
            expect(ownTitle(record.title, courseNames.get(record.courseId))).toBe(record.title);
    });

    it('writes null, not nothing, for absent optional fields', () => {
        for (const collection of ['customers', 'passes', 'payments', 'events', 'paymentLinks'] as const) {
            // A membership's pass names it, and its link names the payer, as the server writes them.
            const own = (db[collection] as { membershipId?: unknown; payerId?: unknown }[]).filter(
                record => record.membershipId == null && record.payerId == null,
            );
            const keys = new Set(own.map(record => Object.keys(record).join(',')));
            expect(keys.size, collection).toBe(1);
        }
    });

    it('has a membership in each state, each as the server would have written it', () => {
        const states = db.memberships.map(one =>
            one.status === 'ended' ? `ended:${one.endReason}` : one.cancelAtPeriodEnd ? 'cancelling' : one.status,
        );
        expect(new Set(states)).toEqual(
            new Set(['active', 'cancelling', 'past_due', 'ended:customer', 'ended:unpaid']),
        );
        expect(validateDatabase(db)).toEqual([]);
        const passes = new Map(db.passes.map(pass => [pass.id, pass]));
        const now = Date.parse(`${TODAY}T12:00:00+03:00`);
        for (const membership of db.memberships) {
            const name = `membership ${membership.id}`;
            expect(membership.periodEnd, name).toBe(nextPeriodEnd(membership.periodStart, membership.anchorDay));
            const current = passes.get(membership.passId as number);
            expect(current, name).toMatchObject({ membershipId: membership.id, startsOn: membership.periodStart });
            expect(current?.endsOn, name).toBe(addDays(membership.periodEnd, -1));
            const consent = db.consents.find(one => one.id === membership.consentId);
            expect(consent, name).toMatchObject({ kind: 'autopay', customerId: membership.payerId });
            const card = db.paymentMethods.find(one => one.id === membership.paymentMethodId);
            expect(card?.title, name).toMatch(/^Visa •• \d{4}$/);
            // Every paid period: its charge succeeded, its ledger payment online and its pass paid.
            for (const charge of db.charges.filter(one => one.membershipId === membership.id)) {
                expect(charge.key).toMatch(
                    new RegExp(`-m${membership.id}-${charge.periodStart.replaceAll('-', '')}-${charge.attempt}$`),
                );
                const notice = db.messages.find(one => one.id === charge.noticeMessageId);
                expect(notice?.status, `charge ${charge.id}`).toBe('sent');
                expect(Date.parse(charge.createdAt) - Date.parse(notice?.sentAt as string)).toBeGreaterThanOrEqual(
                    24 * 3_600_000 - 60_000,
                );
                if (charge.status !== 'succeeded') continue;
                const payment = db.payments.find(one => one.id === charge.paymentId);
                expect(payment, `charge ${charge.id}`).toMatchObject({
                    method: 'online',
                    amount: charge.amount,
                    createdBy: null,
                });
                expect(passes.get(payment?.passId as number)).toMatchObject({
                    startsOn: charge.periodStart,
                    held: false,
                });
            }
            if (membership.status === 'ended') expect(membership.nextChargeAt).toBeNull();
            // Nothing the job would charge the moment the demo starts, but a past-due try planned.
            if (membership.nextChargeAt && membership.status === 'active')
                expect(Date.parse(membership.nextChargeAt)).toBeGreaterThan(now);
        }
        const noticed = db.memberships.find(one => one.status === 'active' && one.heldPassId != null);
        expect(passes.get(noticed?.heldPassId as number)).toMatchObject({
            held: true,
            paymentId: null,
            startsOn: noticed?.periodEnd,
        });
        const pastDue = db.memberships.find(one => one.status === 'past_due');
        expect(
            db.charges.filter(one => one.membershipId === pastDue?.id && one.status === 'declined')[0],
        ).toMatchObject({
            reason: 'insufficient_funds',
            cause: 'money',
        });
        expect(Date.parse(pastDue?.nextChargeAt as string)).toBeGreaterThan(now);
        expect(
            db.paymentMethods.some(card => card.status === 'removed' && (card as { token?: unknown }).token === null),
        ).toBe(true);
        expect(db.paymentMethods.some(card => card.expiresOn && card.expiresOn <= addDays(TODAY, 7))).toBe(true);
        expect(db.messages.filter(one => one.kind === 'charge_notice').length).toBeGreaterThan(3);
        const summary = { mrr: monthlyRecurringRevenue(db.memberships), pastDue: pastDue ? 1 : 0 };
        expect(summary.mrr).toBeGreaterThan(0);
    });

    it('is the committed db.json', () => {
        const file = fileURLToPath(new URL('../../db.json', import.meta.url));
        const { _notes: notes, ...committed } = JSON.parse(readFileSync(file, 'utf8')) as Database & {
            _notes: unknown;
        };
        expect(committed).toEqual(db);
        // With the note that lets the first start move the untouched demo to its week.
        expect(notes).toEqual({ demo: { madeFor: TODAY, fingerprint: demoFingerprint(db) } });
    });

    it('is in the current shape: a start brings none of the committed db.json up to date', () => {
        const file = fileURLToPath(new URL('../../db.json', import.meta.url));
        const committed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        expect(upgradeDatabase(committed, new Date('2026-11-23T09:00:00Z'))).toBe(0);
    });
});
