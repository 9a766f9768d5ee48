import { describe, expect, it } from 'vitest';
import { presetPeriod } from '../../src/pages/statistics/periods';

describe('period presets', () => {
    it('turn a preset into dates on the studio day', () => {
        expect(presetPeriod('this_month', '2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
        expect(presetPeriod('last_month', '2026-01-14')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
        expect(presetPeriod('this_quarter', '2026-11-21')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
        expect(presetPeriod('this_quarter', '2026-02-01')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
        expect(presetPeriod('this_year', '2026-11-21')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    });
});
