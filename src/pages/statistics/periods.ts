import { addDays } from '../../domain/time';

export const presets = ['this_month', 'last_month', 'this_quarter', 'this_year', 'custom'] as const;
export type Preset = (typeof presets)[number];

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const monthEnd = (date: string) => {
    const [year, month] = date.split('-').map(Number);
    return addDays(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`, -1);
};

/** The period a preset means on `today` (the studio's date); `custom` keeps what the user picked. */
export const presetPeriod = (preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } => {
    switch (preset) {
        case 'this_month':
            return { from: monthStart(today), to: monthEnd(today) };
        case 'last_month': {
            const last = addDays(monthStart(today), -1);
            return { from: monthStart(last), to: last };
        }
        case 'this_quarter': {
            const month = Number(today.slice(5, 7));
            const first = `${today.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
            return { from: first, to: monthEnd(addDays(first, 62)) };
        }
        case 'this_year':
            return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    }
};
