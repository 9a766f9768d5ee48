import { describe, expect, it } from 'vitest';
import {
    applyChanges,
    noCharge,
    releaseVisit,
    settleVisit,
    type Charge,
    type Visit,
} from '../../src/domain/attendance';
import { buildPass } from '../support/factories';

const visit = (fields: Partial<Visit> = {}): Visit => ({
    charges: true,
    eventCancelled: false,
    date: '2026-11-23',
    directionId: 2,
    ...fields,
});

describe('charging a visit', () => {
    it('charges the covering pass that ends soonest and counts the visit', () => {
        const passes = [
            buildPass({ id: 1, endsOn: '2026-12-31' }),
            buildPass({ id: 2, endsOn: '2026-11-28', directionIds: [2, 3] }),
        ];
        const { charge, changes } = settleVisit(null, visit(), passes);
        expect(charge).toEqual({ passId: 2, charged: true, unpaid: false });
        applyChanges(passes, changes);
        expect(passes.map(pass => pass.visitsUsed)).toEqual([0, 1]);
    });

    it('skips frozen, expired, used-up, cancelled and wrong-direction passes: a debt', () => {
        const passes = [
            buildPass({ id: 1, frozenFrom: '2026-11-20', frozenTo: '2026-11-25' }),
            buildPass({ id: 2, endsOn: '2026-11-22' }),
            buildPass({ id: 3, visitsUsed: 8 }),
            buildPass({ id: 4, cancelled: true }),
            buildPass({ id: 5, directionIds: [7] }),
        ];
        expect(settleVisit(null, visit(), passes)).toEqual({
            charge: { passId: null, charged: false, unpaid: true },
            changes: [],
        });
    });

    it('charges nothing for a mark that does not charge or on a cancelled event', () => {
        expect(settleVisit(null, visit({ charges: false }), [buildPass()])).toEqual({ charge: noCharge, changes: [] });
        expect(settleVisit(null, visit({ eventCancelled: true }), [buildPass()])).toEqual({
            charge: noCharge,
            changes: [],
        });
    });

    it('keeps the charge between charging marks and gives it back for a mark that does not charge', () => {
        const charged: Charge = { passId: 1, charged: true, unpaid: false };
        expect(settleVisit(charged, visit(), [buildPass({ visitsUsed: 8 })])).toEqual({ charge: charged, changes: [] });
        expect(settleVisit(charged, visit({ charges: false }), [buildPass()])).toEqual({
            charge: noCharge,
            changes: [{ passId: 1, delta: -1 }],
        });
        expect(releaseVisit(charged)).toEqual([{ passId: 1, delta: -1 }]);
        expect(releaseVisit({ passId: null, charged: false, unpaid: true })).toEqual([]);
    });

    it('settles a debt when the mark is changed once a pass is there', () => {
        const debt: Charge = { passId: null, charged: false, unpaid: true };
        expect(settleVisit(debt, visit(), [buildPass({ id: 9 })]).charge).toEqual({
            passId: 9,
            charged: true,
            unpaid: false,
        });
    });

    it('leaves every pass as it was after any sequence of marks ending in a deletion', () => {
        // A small deterministic generator: every run checks the same 300 random sequences.
        let seed = 42;
        const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
        for (let run = 0; run < 300; run++) {
            const passes = [
                buildPass({ id: 1, visitsTotal: 2 }),
                buildPass({ id: 2, endsOn: '2026-11-25', visitsTotal: 1 }),
                buildPass({ id: 3, directionIds: [5] }),
            ];
            const before = passes.map(pass => pass.visitsUsed);
            const marks = Array.from({ length: 4 }, () => null as Charge | null);
            for (let step = 0; step < 12; step++) {
                const which = Math.floor(random() * marks.length);
                const settled = settleVisit(
                    marks[which],
                    visit({ charges: random() < 0.6, eventCancelled: random() < 0.1 }),
                    passes,
                );
                applyChanges(passes, settled.changes);
                marks[which] = settled.charge;
                expect(passes.every(pass => pass.visitsTotal === null || pass.visitsUsed <= pass.visitsTotal)).toBe(
                    true,
                );
            }
            marks.forEach(mark => mark && applyChanges(passes, releaseVisit(mark)));
            expect(passes.map(pass => pass.visitsUsed)).toEqual(before);
        }
    });
});
