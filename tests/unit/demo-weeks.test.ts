import { describe, expect, it } from 'vitest';
import { moveByWeeks, weeksToMove } from '../../src/domain/demoWeeks';
import { chargeTime, nextPeriodEnd } from '../../src/domain/memberships';
import { addDays, instantAt, weekdayOf } from '../../src/domain/time';
import { validateDatabase } from '../../src/domain/validation';
import { generateDatabase } from '../../src/scripts/demo';

describe('moving the demo to this week', () => {
    it('counts whole weeks from the week it was made for to this one', () => {
        expect(weeksToMove('2026-11-23', '2026-11-23')).toBe(0);
        expect(weeksToMove('2026-11-23', '2026-11-29')).toBe(0);
        expect(weeksToMove('2026-11-23', '2026-11-30')).toBe(1);
        expect(weeksToMove('2026-11-23', '2027-01-06')).toBe(6);
        expect(weeksToMove('2026-11-23', '2026-11-10')).toBeLessThan(0);
    });

    it('moves dates, wall times and instants by whole weeks, and leaves a birthday and the rest alone', () => {
        const values: Record<string, unknown> = {
            customers: [
                {
                    id: 1,
                    birthDate: '1990-05-17',
                    createdAt: '2026-11-01T10:15:30.123Z',
                    notes: 'came on 2026-11-01',
                    phone: '+79991234567',
                },
            ],
            events: [{ id: 2, startsAt: '2026-11-24T19:00', slotAt: '2026-11-24T19:00', capacity: 12 }],
            passes: [{ id: 3, startsOn: '2026-11-20', endsOn: '2026-12-19', frozenFrom: null }],
            users: [{ id: 4, pay: [{ from: '2026-10-01', amount: 1000 }], createdAt: '2026-10-01T09:00:00Z' }],
        };
        moveByWeeks(values, 2, 'Europe/Moscow');
        expect(values).toEqual({
            customers: [
                {
                    id: 1,
                    birthDate: '1990-05-17',
                    createdAt: '2026-11-15T10:15:30.123Z',
                    notes: 'came on 2026-11-01',
                    phone: '+79991234567',
                },
            ],
            events: [{ id: 2, startsAt: '2026-12-08T19:00', slotAt: '2026-12-08T19:00', capacity: 12 }],
            passes: [{ id: 3, startsOn: '2026-12-04', endsOn: '2027-01-02', frozenFrom: null }],
            users: [{ id: 4, pay: [{ from: '2026-10-15', amount: 1000 }], createdAt: '2026-10-15T09:00:00Z' }],
        });
    });

    it('keeps the studio’s wall time of an instant across a change of the clocks', () => {
        // 10:00 in Berlin on 20 March (winter time, +01:00) is 10:00 on 3 April (summer time, +02:00).
        const values: Record<string, unknown> = { payments: [{ paidAt: '2026-03-20T09:00:00.000Z' }] };
        moveByWeeks(values, 2, 'Europe/Berlin');
        expect(values).toEqual({ payments: [{ paidAt: '2026-04-03T08:00:00.000Z' }] });
    });

    it('moves the whole demo: its classes keep their weekdays and times, its people their birthdays', () => {
        const demo = generateDatabase();
        const values: Record<string, unknown> = structuredClone({ ...demo });
        moveByWeeks(values, 3, 'Europe/Moscow');
        const events = values.events as typeof demo.events;
        demo.events.forEach((event, index) => {
            const after = events[index].startsAt;
            expect(after).toBe(`${addDays(event.startsAt.slice(0, 10), 21)}${event.startsAt.slice(10)}`);
            expect(weekdayOf(after.slice(0, 10))).toBe(weekdayOf(event.startsAt.slice(0, 10)));
        });
        expect((values.customers as typeof demo.customers).map(customer => customer.birthDate)).toEqual(
            demo.customers.map(customer => customer.birthDate),
        );
        // A membership's passes follow its months (below).
        const own = (passes: typeof demo.passes) => passes.filter(pass => pass.membershipId == null);
        expect(own(values.passes as typeof demo.passes).map(pass => pass.endsOn)).toEqual(
            own(demo.passes).map(pass => addDays(pass.endsOn, 21)),
        );
    });

    it('keeps each moved membership a calendar month per period, its charge, notice and held pass with it', () => {
        const demo = generateDatabase();
        for (const weeks of [1, 5, 9]) {
            const values: Record<string, unknown> = structuredClone({ ...demo });
            moveByWeeks(values, weeks, 'Europe/Moscow');
            const moved = values as typeof demo & Record<string, unknown>;
            expect(validateDatabase(moved)).toEqual([]);
            const today = addDays('2026-11-23', weeks * 7);
            const noon = Date.parse(instantAt(`${today}T12:00`, 'Europe/Moscow'));
            const passes = new Map(moved.passes.map(pass => [pass.id, pass]));
            for (const membership of moved.memberships) {
                const name = `${weeks} weeks, membership ${membership.id}`;
                expect(membership.anchorDay, name).toBe(Number(membership.periodEnd.slice(8, 10)));
                expect(membership.periodEnd, name).toBe(nextPeriodEnd(membership.periodStart, membership.anchorDay));
                expect(passes.get(membership.passId as number)?.startsOn, name).toBe(membership.periodStart);
                expect(passes.get(membership.passId as number)?.endsOn, name).toBe(addDays(membership.periodEnd, -1));
                if (membership.status === 'active' && membership.nextChargeAt) {
                    expect(membership.nextChargeAt, name).toBe(chargeTime(membership.periodEnd, 'Europe/Moscow'));
                    expect(Date.parse(membership.nextChargeAt), name).toBeGreaterThan(noon);
                }
                const held = membership.heldPassId == null ? undefined : passes.get(membership.heldPassId);
                if (held) expect(held.startsOn, name).toBe(membership.periodEnd);
                if (held && membership.status === 'active')
                    expect(held.endsOn, name).toBe(
                        addDays(nextPeriodEnd(membership.periodEnd, membership.anchorDay), -1),
                    );
                const notice = moved.messages.find(one => one.id === membership.noticeMessageId);
                if (membership.status === 'active' && notice)
                    expect(notice.dedupeKey, name).toBe(`charge_notice:${membership.id}:${membership.nextChargeAt}`);
                for (const charge of moved.charges.filter(
                    one => one.membershipId === membership.id && one.status === 'declined',
                ))
                    if (membership.status === 'past_due') {
                        expect(charge.periodStart, name).toBe(membership.periodEnd);
                        expect(charge.key, name).toContain(membership.periodEnd.replaceAll('-', ''));
                        // Each try came at least 24 hours after what announced it.
                        const told = moved.messages.find(one => one.id === charge.noticeMessageId);
                        expect(Date.parse(charge.createdAt) - Date.parse(told?.sentAt as string)).toBeGreaterThan(
                            23 * 3_600_000,
                        );
                    }
            }
            const pastDue = moved.memberships.find(one => one.status === 'past_due');
            expect(Date.parse(pastDue?.nextChargeAt as string)).toBeGreaterThan(noon);
        }
    });
});
