import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { monthBounds } from '../../src/domain/journal';
import { addDays, studioToday } from '../../src/domain/time';
import { describeInBrowser, servedApp, signIn } from '../support/browser';

/*
 * Raising a teacher's pay never rewrites the past: an admin adds a rate from the first of next month on
 * the teacher's card, and last month's pay page shows the same total, each class with the rate that
 * paid it.
 */

const today = studioToday('Europe/Moscow', new Date());
const [thisMonth] = monthBounds(today.slice(0, 7));
const lastMonth = monthBounds(addDays(thisMonth, -1).slice(0, 7));
const nextMonth = addDays(monthBounds(today.slice(0, 7))[1], 1);

describeInBrowser('pay rates in a browser', () => {
    const app = servedApp();

    /** Boris's pay page for last month: its total as shown, and the rate of each class. */
    const lastMonthPay = async (page: Page) => {
        await page.goto('/attendances/4');
        await page.getByLabel('From', { exact: true }).waitFor();
        const answered = page.waitForResponse(response =>
            response.url().includes(`/pay?from=${lastMonth[0]}&to=${lastMonth[1]}`),
        );
        await page.getByLabel('From', { exact: true }).fill(lastMonth[0]);
        await page.getByLabel('To', { exact: true }).fill(lastMonth[1]);
        const answer = (await (await answered).json()) as { total: number; events: unknown[] };
        await expect.poll(() => page.getByTestId('pay-row').count()).toBe(answer.events.length);
        const rates = await page.getByTestId('pay-row').getByTestId('rate-text').allInnerTexts();
        return { total: await page.getByTestId('pay-total-top').innerText(), answered: answer.total, rates };
    };

    it('an admin raises a teacher’s rate from the 1st of next month, and last month’s pay stays the same', async () => {
        const page = await app.page();
        await signIn(page, 'admin');
        const before = await lastMonthPay(page);
        expect(before.rates.length).toBeGreaterThan(0);

        await page.goto('/settings/users/4');
        await page.getByLabel('Pay rule', { exact: true }).first().waitFor();
        await expect.poll(() => page.getByLabel('Pay rule', { exact: true }).count()).toBe(1);
        // The rate in force is shown but cannot be changed.
        expect(await page.getByLabel('Pay rate', { exact: true }).first().getAttribute('readonly')).not.toBeNull();
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await expect.poll(() => page.getByLabel('Pay rule', { exact: true }).count()).toBe(2);
        await page.getByLabel('From', { exact: true }).last().fill(nextMonth);
        await page.getByLabel('Pay rate', { exact: true }).last().fill('2500');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('User Борис Соколов saved').waitFor();

        const after = await lastMonthPay(page);
        expect(after.total).toBe(before.total);
        expect(after.answered).toBe(before.answered);
        expect(after.rates).toEqual(before.rates);
        await page.goto('/settings/users');
        await page.getByText('Борис Соколов').waitFor();
    });

    it('a manager opens the pay of all teachers for last month, goes to one teacher’s page with the same total, and saves the CSV', async () => {
        const page = await app.page();
        await signIn(page, 'manager');
        const answered = page.waitForResponse(response =>
            response.url().includes(`/api/reports/pay?from=${lastMonth[0]}&to=${lastMonth[1]}`),
        );
        await page.getByRole('menuitem', { name: 'Teacher pay' }).click();
        await page.waitForURL('**/reports/pay');
        const answer = (await (await answered).json()) as {
            teachers: { teacherId: number; name: string; total: number }[];
        };
        const rows = page.getByTestId('payroll-row');
        await expect.poll(() => rows.count()).toBe(answer.teachers.length);
        const boris = rows.filter({ hasText: 'Борис Соколов' });
        const borisTotal = await boris.locator('td').last().innerText();

        const downloading = page.waitForEvent('download');
        await page.getByRole('button', { name: 'CSV' }).click();
        const csv = await readFile((await (await downloading).path()) as string, 'utf8');
        expect(csv.split('\n')[0]).toContain('Teacher,Classes held,Visits,Adjustments,Pay,Closed');
        expect(csv).toContain('Борис Соколов,');

        await boris.getByRole('link', { name: 'Борис Соколов' }).click();
        await page.waitForURL('**/attendances/4');
        expect((await lastMonthPay(page)).total).toBe(borisTotal);
    });
});
