// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDataProvider } from 'react-admin';
import { moneyFormatter } from '../../src/pages/statistics/format';
import IncomeStatisticsPage from '../../src/pages/statistics/IncomeStatisticsPage';
import type { IncomeStatistics } from '../../src/domain/api';
import { renderScreen } from '../support/screen';

/*
 * The income page as a manager reads it: dates in sentences with one full stop, money axes that start
 * at zero for takings that are never negative, and the days unlimited passes went unused given as a
 * figure rather than a bar among the directions, teachers and studios.
 */

afterEach(cleanup);

// recharts draws once its box has a size, which jsdom never measures.
beforeAll(() => {
    vi.stubGlobal(
        'ResizeObserver',
        class {
            constructor(private readonly report: (entries: object[]) => void) {}
            observe(target: Element) {
                this.report([{ target, contentRect: { width: 960, height: 300 } }]);
            }
            unobserve() {}
            disconnect() {}
        },
    );
});
afterAll(() => vi.unstubAllGlobals());

type Locale = 'en' | 'ru';

const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow' };

/** November so far against October: income on some days only, and passes left unused on some days. */
const november: IncomeStatistics = {
    from: '2026-11-01',
    to: '2026-11-30',
    interval: 'day',
    total: 105000,
    series: Array.from({ length: 30 }, (_, index) => ({
        period: `2026-11-${String(index + 1).padStart(2, '0')}`,
        income: index % 7 === 3 ? 35000 : 0,
    })),
    comparison: { kind: 'month', length: 1 },
    toDate: {
        from: '2026-11-01',
        to: '2026-11-25',
        total: 105000,
        previous: { from: '2026-10-01', to: '2026-10-25', total: 90000 },
    },
    byMethod: [{ key: 'cash', amount: 105000 }],
    byPlan: [{ key: '2', label: 'Yoga 8', amount: 105000 }],
    previous: {
        from: '2026-10-01',
        to: '2026-10-31',
        total: 90000,
        series: Array.from({ length: 31 }, (_, index) => ({
            period: `2026-10-${String(index + 1).padStart(2, '0')}`,
            income: index % 10 === 0 ? 30000 : 0,
        })),
    },
    earned: {
        to: '2026-11-25',
        total: 61500,
        byDirection: [
            { key: '1', label: 'Yoga', amount: 40000 },
            { key: 'none', amount: 21500 },
        ],
        byTeacher: [
            { key: '3', label: 'Anna Teacher', amount: 40000 },
            { key: 'none', amount: 1500 },
        ],
        byStudio: [
            { key: '4', label: 'Hall A', amount: 40000 },
            { key: 'none', amount: 1500 },
        ],
    },
};

const renderPage = (locale: Locale, data: IncomeStatistics = november) =>
    renderScreen(<IncomeStatisticsPage />, {
        dataProvider: testDataProvider({
            getOne: async () => ({ data: config as never }),
            getIncomeStatistics: async () => data,
        } as never),
        authProvider: null,
        locale,
        path: '/statistics/incomes',
    });

/** The charts of the page once drawn: the income chart first, then the breakdowns. */
const drawnCharts = async (count: number) => {
    await waitFor(() => expect(document.querySelectorAll('.recharts-wrapper').length).toBe(count));
    await waitFor(() => expect(document.querySelector('.recharts-cartesian-axis-tick-value')).not.toBeNull());
    return [...document.querySelectorAll<HTMLElement>('.recharts-wrapper')];
};

const ticks = (chart: HTMLElement, axis: 'x' | 'y') =>
    [...chart.querySelectorAll(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`)].map(
        tick => tick.textContent ?? '',
    );

const names = (chart: HTMLElement) => ticks(chart, 'y');

describe('the income page', () => {
    it.each([
        ['en', 'Compared with the previous month, October 2026. So far: Nov 1 – 25, 2026 vs Oct 1 – 25, 2026.'],
        [
            'ru',
            'Сравнение с предыдущим месяцем, октябрь 2026 г. На сегодня: 1–25 нояб. 2026 г. против 1–25 окт. 2026 г.',
        ],
    ] as const)('ends each sentence about the periods with one full stop (%s)', async (locale, words) => {
        renderPage(locale);
        const comparison = await screen.findByTestId('comparison');
        expect(comparison.textContent?.replace(/[\u2009\u202f\u00a0]/g, ' ')).toBe(words);
        expect(document.body.textContent).not.toMatch(/\.\./);
    });

    it.each(['en', 'ru'] as const)(
        'starts the money axis of the income chart at zero when no amount is negative (%s)',
        async locale => {
            renderPage(locale);
            const [income] = await drawnCharts(6);
            const axis = ticks(income, 'y').map(tick => tick.replace(/\u00a0/g, ' '));
            expect(axis[0]).toBe(locale === 'ru' ? '0 ₽' : 'RUB 0');
            expect(axis.join(' ')).not.toMatch(/[-−]/);
        },
    );

    it.each(['en', 'ru'] as const)('draws an axis below zero only for a negative amount (%s)', async locale => {
        const refunds = {
            ...november,
            series: november.series.map((point, index) => (index === 2 ? { ...point, income: -20000 } : point)),
        };
        renderPage(locale, refunds);
        const [income] = await drawnCharts(6);
        expect(ticks(income, 'y').join(' ')).toMatch(/[-−]/);
    });

    it.each([
        ['en', 'Days without visits', 'Unlimited passes on days without a visit'],
        ['ru', 'Дни без посещений', 'Безлимитные абонементы в дни без посещений'],
    ] as const)(
        'leaves days without visits off the earned money charts and gives them as a figure (%s)',
        async (locale, bar, note) => {
            renderPage(locale);
            const charts = await drawnCharts(6);
            const [, , , byDirection, byTeacher, byStudio] = charts;
            for (const chart of [byDirection, byTeacher, byStudio]) expect(names(chart)).not.toContain(bar);
            expect(names(byTeacher)).toEqual(['Anna Teacher']);
            expect(names(byStudio)).toEqual(['Hall A']);
            // What is left under no direction, once the unused days are taken out, is classes of no direction.
            expect(names(byDirection)).toHaveLength(2);
            const unvisited = (await screen.findByTestId('earned-total-unvisited')).textContent;
            expect(unvisited).toBe(`${note}: ${moneyFormatter(locale, 'RUB').format(1500)}`);
        },
    );
});
