import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, studioToday } from '../../src/domain/time';
import type { Database } from '../../src/domain/types';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { demoDb, removeDir, startServer, type RunningServer } from '../support/server';

/*
 * The audit trail as an owner uses it: a manager sells, freezes and refunds at the desk; the admin then
 * opens the customer's card and reads who did what, the pass's own history, and the list of all changes.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = db.subscriptions.find(subscription => subscription.name === 'Йога 8 занятий');
const holders = new Set(db.passes.filter(pass => pass.subscriptionId === plan?.id).map(pass => pass.customerId));
const customer = db.customers.filter(candidate => !holders.has(candidate.id))[5];
const today = studioToday(db.configs[0].timezone);

describeInBrowser('the history of changes in a browser', () => {
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
        server = await startServer({ distDir: distDir() });
        browser = await launchBrowser();
    });

    afterAll(async () => {
        await browser?.close();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    const section = (p: Page, name: string) => p.getByRole('region', { name });
    const dialog = (p: Page) => p.getByRole('dialog');

    it('an admin reads on the card who sold, froze and refunded a pass, and finds it in the list of all changes', async () => {
        const desk = await newPage(browser, server.url);
        const m = desk.page;
        await signIn(m, 'manager');
        await m.goto(`/customers/${customer.id}`);
        // A manager has no history to read: neither the panel nor the list.
        await section(m, 'Passes').waitFor();
        await expect(section(m, 'History').count()).resolves.toBe(0);
        await section(m, 'Passes').getByRole('button', { name: 'Sell a plan' }).click();
        await dialog(m).getByRole('combobox', { name: 'Plan' }).click();
        await m.getByRole('option', { name: /^Йога 8 занятий · / }).click();
        await dialog(m).getByRole('button', { name: 'Sell a plan' }).click();
        await m.getByText('The pass is sold').waitFor();
        const row = section(m, 'Passes').locator('tbody tr').filter({ hasText: 'Йога 8 занятий' });
        await row.getByRole('button', { name: 'Freeze' }).click();
        await dialog(m).getByLabel('Frozen until').fill(addDays(today, 2));
        await dialog(m).getByRole('button', { name: 'Freeze' }).click();
        await m.getByText('The pass is frozen').waitFor();
        await row.getByRole('button', { name: 'Refund' }).click();
        await dialog(m).getByLabel('Amount').fill('1000');
        await dialog(m).getByRole('button', { name: 'Refund' }).click();
        await m.getByText('The refund is recorded').waitFor();
        await m.goto('/history');
        await m.waitForURL('**/access-denied');
        await desk.context.close();

        const office = await newPage(browser, server.url);
        const a = office.page;
        await signIn(a, 'admin');
        await a.goto(`/customers/${customer.id}`);
        const history = section(a, 'History');
        await history.locator('tbody tr').first().waitFor();
        await history.screenshot({ path: '/tmp/history-card.png' });
        const rows = await history.locator('tbody tr').allInnerTexts();
        // Newest first: the refund, the freeze, then the sale's payment and pass.
        expect(rows).toHaveLength(4);
        for (const text of rows) expect(text).toContain('Мария Менеджер (Manager)');
        expect(rows[0]).toMatch(/Created[\s\S]*Payment #\d+[\s\S]*Kind: Refund\nAmount: \D*1,000[\s\S]*Method: Cash/);
        expect(rows[1]).toMatch(/Changed[\s\S]*Pass #\d+[\s\S]*Frozen from: — → \d\d\/\d\d\/\d{4}/);
        expect(rows[2]).toMatch(/Created[\s\S]*Payment #\d+[\s\S]*Kind: Payment\nAmount: \D*4,800/);
        expect(rows[3]).toMatch(/Created[\s\S]*Pass #\d+[\s\S]*Name: Йога 8 занятий/);
        expect(rows[3]).not.toMatch(/Frozen from/);

        // The pass's own history, over the card.
        await section(a, 'Passes')
            .locator('tbody tr')
            .filter({ hasText: 'Йога 8 занятий' })
            .getByRole('button', { name: 'History' })
            .click();
        await dialog(a).getByText('History of the pass Йога 8 занятий').waitFor();
        // The title shows before the entries have loaded: wait for them.
        await expect.poll(() => dialog(a).locator('tbody tr').count()).toBe(4);
        await dialog(a).getByRole('button', { name: 'Close' }).click();

        // The list of all changes, filtered to passes: the freeze is there, with the request it came through.
        await a.goto('/history');
        await a.getByRole('heading', { name: 'History of changes' }).waitFor();
        await a.getByRole('textbox', { name: 'Search' }).fill('freeze');
        await a.getByText('1-1 of 1').waitFor();
        const freeze = a.locator('tbody tr').filter({ hasText: 'Frozen from' }).first();
        await expect(freeze.innerText()).resolves.toMatch(
            /Мария Менеджер[\s\S]*Changed[\s\S]*Pass #\d+[\s\S]*POST \/api\/passes\/\d+\/freeze/,
        );
        await a.screenshot({ path: '/tmp/history-list.png', fullPage: true });
        await office.context.close();
    });
});
