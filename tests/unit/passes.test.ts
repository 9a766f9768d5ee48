import { describe, expect, it } from 'vitest';
import { passStateOn, passToCharge, visitsLeft } from '../../src/domain/passes';
import { buildPass } from '../support/factories';

describe('the state of a pass on a date', () => {
    it('is active inside its dates with visits left, both ends included', () => {
        expect(passStateOn(buildPass(), '2026-11-01')).toBe('active');
        expect(passStateOn(buildPass(), '2026-11-30')).toBe('active');
    });
    it('is not started before, expired after, used up without visits', () => {
        expect(passStateOn(buildPass(), '2026-10-31')).toBe('not_started');
        expect(passStateOn(buildPass(), '2026-12-01')).toBe('expired');
        expect(passStateOn(buildPass({ visitsUsed: 8 }), '2026-11-10')).toBe('used_up');
        expect(passStateOn(buildPass({ visitsTotal: null, visitsUsed: 40 }), '2026-11-10')).toBe('active');
    });
    it('is frozen inside its freeze, both ends included, and cancelled above all', () => {
        const frozen = buildPass({ frozenFrom: '2026-11-10', frozenTo: '2026-11-12' });
        expect(['2026-11-09', '2026-11-10', '2026-11-12', '2026-11-13'].map(date => passStateOn(frozen, date))).toEqual(
            ['active', 'frozen', 'frozen', 'active'],
        );
        expect(passStateOn(buildPass({ cancelled: true }), '2026-11-10')).toBe('cancelled');
    });
    it('counts visits left, unlimited as null', () => {
        expect(visitsLeft(buildPass({ visitsUsed: 3 }))).toBe(5);
        expect(visitsLeft(buildPass({ visitsTotal: null }))).toBeNull();
    });
});

describe('choosing the pass to charge', () => {
    it('takes the covering active pass that ends soonest', () => {
        const passes = [
            buildPass({ id: 1, endsOn: '2026-11-30' }),
            buildPass({ id: 2, endsOn: '2026-11-20' }),
            buildPass({ id: 3, endsOn: '2026-11-15', directionIds: [9] }),
            buildPass({ id: 4, endsOn: '2026-11-12', frozenFrom: '2026-11-10', frozenTo: '2026-11-11' }),
            buildPass({ id: 5, endsOn: '2026-11-11', visitsUsed: 8 }),
            buildPass({ id: 6, endsOn: '2026-11-11', cancelled: true }),
        ];
        expect(passToCharge(passes, '2026-11-10', 2)?.id).toBe(2);
        expect(passToCharge(passes, '2026-11-10', 9)?.id).toBe(3);
        expect(passToCharge(passes, '2026-11-12', 2)?.id).toBe(4);
        expect(passToCharge(passes, '2026-12-10', 2)).toBeUndefined();
    });
});
