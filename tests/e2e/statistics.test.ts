import { expect, it } from 'vitest';
import { formatShortDate } from '../../src/app/i18n/dates';
import { studioToday } from '../../src/domain/time';
import { moneyFormatter } from '../../src/pages/statistics/format';
import { presetPeriod } from '../../src/pages/statistics/periods';
import { describeInBrowser, newPage, servedApp, signIn } from '../support/browser';
import { call, login } from '../support/server';

describeInBrowser('income statistics and the dashboard in a browser', () => {
    const app = servedApp();

    const lastMonthTotal = async () => {
        const token = await login(app.server.url, 'manager');
        const period = presetPeriod('last_month', studioToday('Europe/Moscow', new Date()));
        const { body } = await call(
            app.server.url,
            `/api/statistics/incomes?from=${period.from}&to=${period.to}&interval=day`,
            { token },
        );
        return body.total as number;
    };

    it('a manager picks last month and sees the total the API computes, then reads it in Russian', async () => {
        const { page } = await newPage(app.browser, app.server.url);
        await signIn(page, 'manager');
        await page.getByRole('menuitem', { name: 'Income' }).click();
        await page.waitForURL('**/statistics/incomes');
        await page.getByRole('button', { name: 'Last month' }).click();
        const total = await lastMonthTotal();
        expect(total).toBeGreaterThan(0);
        const shown = page.getByTestId('income-total');
        await expect.poll(() => shown.innerText()).toBe(moneyFormatter('en', 'RUB').format(total));

        await page.getByRole('button', { name: 'English' }).click();
        await page.getByRole('menuitem', { name: 'Русский' }).click();
        await page.getByRole('button', { name: 'Прошлый месяц' }).click();
        await page.getByText('По способу оплаты').waitFor();
        await expect.poll(() => shown.innerText()).toBe(moneyFormatter('ru', 'RUB').format(total));
        expect(await shown.innerText()).toMatch(/₽$/);
    });

    it('the income page writes no ISO date in English: the chart names days and weeks in words', async () => {
        const { page } = await newPage(app.browser, app.server.url);
        await signIn(page, 'manager');
        await page.goto('/statistics/incomes');
        const ticks = () => page.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first();
        const shown = async () =>
            page.evaluate(() =>
                [
                    document.body.innerText,
                    ...[...document.querySelectorAll('svg text')].map(text => text.textContent),
                ].join('\n'),
            );
        for (const interval of ['By day', 'By week', 'By month']) {
            await page.getByRole('button', { name: interval }).click();
            await ticks().waitFor();
            await page.waitForLoadState('networkidle');
            expect(await shown()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        }
        // This month by week: its first bucket is named by the days of its first week inside the month.
        await page.getByRole('button', { name: 'By week' }).click();
        await expect.poll(() => ticks().textContent()).toMatch(/^[A-Z][a-z]{2} 1( – \d{1,2})?$/);
        // Where the month goes on past today, what visits earned stops at today, and says so.
        const today = studioToday('Europe/Moscow', new Date());
        if (today < presetPeriod('this_month', today).to)
            expect(await page.getByTestId('earned-total-note').innerText()).toBe(
                `Up to today, ${formatShortDate(today, 'en')}`,
            );
    });

    it("a teacher's dashboard shows their own classes of the day only", async () => {
        const admin = await login(app.server.url, 'admin');
        const users = (
            await call(
                app.server.url,
                `/api/users?filter=${encodeURIComponent('{"role":"teacher"}')}&sort=["id","ASC"]`,
                { token: admin },
            )
        ).body as unknown as { id: number; email: string }[];
        const anna = users.find(user => user.email === 'anna@studio.test')!;
        const other = users.find(user => user.id !== anna.id)!;
        const course = (
            (await call(app.server.url, '/api/courses?range=[0,0]', { token: admin })).body as unknown as {
                id: number;
            }[]
        )[0];
        const studios = (await call(app.server.url, '/api/studios?range=[0,1]', { token: admin })).body as unknown as {
            id: number;
        }[];
        const today = studioToday('Europe/Moscow', new Date());
        for (const [teacher, studio, title] of [
            [anna, studios[0], 'Sunrise flow with Anna'],
            [other, studios[1], 'Sunrise class of another teacher'],
        ] as const) {
            const created = await call(app.server.url, '/api/events', {
                method: 'POST',
                token: admin,
                json: {
                    title,
                    courseId: course.id,
                    teacherId: teacher.id,
                    studioId: studio.id,
                    startsAt: `${today}T06:00`,
                    durationMinutes: 45,
                    capacity: 10,
                },
            });
            expect(created.status, JSON.stringify(created.body)).toBe(201);
        }
        const { page } = await newPage(app.browser, app.server.url);
        await signIn(page, 'teacher');
        await page.goto('/');
        const list = page.getByTestId('today-events');
        await list.getByText(/Sunrise flow with Anna/).waitFor();
        expect(await list.innerText()).not.toMatch(/another teacher/);
        expect(await page.locator('body').innerText()).not.toMatch(/Income this month|Passes running out/);
    });
});
