import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { monthBounds } from '../../src/domain/journal';
import { addDays, studioToday } from '../../src/domain/time';
import type { Attendance, Database, Pass } from '../../src/domain/types';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { call, demoDb, login, removeDir, restClient, startServerProcess, type RunningServer } from '../support/server';

/*
 * The audit trail as an owner uses it: a manager sells, freezes and refunds at the desk; the admin then
 * opens the customer's card and reads who did what, the pass's own history, and the list of all changes.
 * A manager closes a teacher's month and puts a visit of it right, an admin renames a pass and gives it
 * directions: the list tells all of it by names and labels, in English and in Russian, on a desk and on
 * a phone.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const plan = db.subscriptions.find(subscription => subscription.name === 'Йога 8 занятий');
const holders = new Set(db.passes.filter(pass => pass.subscriptionId === plan?.id).map(pass => pass.customerId));
const customer = db.customers.filter(candidate => !holders.has(candidate.id))[5];
const today = studioToday(db.configs[0].timezone, new Date());
const lastMonth = monthBounds(addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7));
const anna = db.users.find(user => user.name === 'Анна Петрова')!;
const yoga = db.directions.find(direction => direction.name === 'Йога')!;
const pilates = db.directions.find(direction => direction.name === 'Пилатес')!;
/** Neither an id ("#151") nor raw JSON ("{", "[") is shown to staff. */
const unreadable = /#\d|\{|\[/;

describeInBrowser('the history of changes in a browser', () => {
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
        server = await startServerProcess({ distDir: distDir() });
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
        expect(rows[0]).toMatch(
            /Refunded money[\s\S]*Payment: Refund · \D*1,000[\s\S]*Kind: Refund\nAmount: \D*1,000[\s\S]*Method: Cash/,
        );
        expect(rows[1]).toMatch(/Froze a pass[\s\S]*Pass: Йога 8 занятий[\s\S]*Frozen from: — → \d\d\/\d\d\/\d{4}/);
        expect(rows[2]).toMatch(/Sold a pass[\s\S]*Payment: \D*4,800[\s\S]*Kind: Payment\nAmount: \D*4,800/);
        expect(rows[3]).toMatch(/Sold a pass[\s\S]*Pass: Йога 8 занятий[\s\S]*Name: Йога 8 занятий/);
        expect(rows[3]).toContain(`Customer: ${customer.firstName} ${customer.lastName}`);
        expect(rows[3]).toContain('Plan: Йога 8 занятий');
        expect(rows[3]).not.toMatch(/Frozen from/);
        for (const text of rows) expect(text).not.toMatch(unreadable);
        // The pass is named with a link to the card it is on.
        await expect(
            history.locator('tbody tr').nth(1).getByRole('link', { name: 'Йога 8 занятий' }).getAttribute('href'),
        ).resolves.toBe(`/customers/${customer.id}`);

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

        // The list of all changes, filtered to passes: the freeze is there, told in words.
        await a.goto('/history');
        await a.getByRole('heading', { name: 'History of changes' }).waitFor();
        await a.getByRole('textbox', { name: 'Search' }).fill('freeze');
        await a.getByText('1-1 of 1').waitFor();
        const freeze = a.locator('tbody tr').filter({ hasText: 'Frozen from' }).first();
        // The pass's name comes a moment after the row (shown "…" until then): read until it is there.
        await expect
            .poll(() => freeze.innerText())
            .toMatch(/Мария Менеджер[\s\S]*Froze a pass[\s\S]*Pass: Йога 8 занятий/);
        await a.screenshot({ path: '/tmp/history-list.png', fullPage: true });
        await office.context.close();
    });

    it('an admin reads a closed month, its adjustment and a changed pass by names and labels, in English and Russian', async () => {
        // The manager closes Anna's last month, then marks one of its visits excused: an adjustment.
        const managerToken = await login(server.url, 'manager');
        const closing = await call(server.url, `/api/teachers/${anna.id}/pay/close`, {
            method: 'POST',
            token: managerToken,
            json: { from: lastMonth[0], to: lastMonth[1] },
        });
        expect(closing.status).toBe(201);
        const manager = restClient(server.url, managerToken);
        const annasClass = db.events.find(
            event =>
                event.teacherId === anna.id &&
                event.status === 'done' &&
                event.startsAt >= lastMonth[0] &&
                event.startsAt <= `${lastMonth[1]}T23:59` &&
                db.attendances.some(mark => mark.eventId === event.id && mark.status === 'attended'),
        )!;
        const mark = db.attendances.find(
            candidate => candidate.eventId === annasClass.id && candidate.status === 'attended',
        ) as Attendance;
        await manager.update('attendances', { id: mark.id, data: { ...mark, status: 'excused' }, previousData: mark });
        // The admin renames a pass and limits it to two directions.
        const admin = restClient(server.url, await login(server.url, 'admin'));
        const pass = db.passes.find(candidate => candidate.directionIds.length === 0) as Pass;
        await admin.update('passes', {
            id: pass.id,
            data: { ...pass, name: 'Йога и пилатес', directionIds: [yoga.id, pilates.id] },
            previousData: pass,
        });

        const office = await newPage(browser, server.url);
        const a = office.page;
        await signIn(a, 'admin');
        await a.goto('/history');
        await a.getByRole('heading', { name: 'History of changes' }).waitFor();
        const rows = a.locator('tbody tr');
        const renamed = rows.filter({ hasText: 'Йога и пилатес' }).first();
        await renamed.getByText('Directions: — → Йога, Пилатес').waitFor();
        await expect(renamed.innerText()).resolves.toMatch(
            /Changed[\s\S]*Pass: Йога и пилатес[\s\S]*Name: .+ → Йога и пилатес/,
        );
        const period = `Анна Петрова, ${lastMonth.map(day => day.slice(5, 7) + '/' + day.slice(8) + '/' + day.slice(0, 4)).join(' – ')}`;
        const closed = rows.filter({ hasText: 'Closed a pay period' });
        await closed.getByText(/Classes: \d+ class(es)?, /).waitFor();
        const closedText = await closed.innerText();
        expect(closedText).toContain(`Pay period: ${period}`);
        expect(closedText).toContain('Teacher: Анна Петрова');
        expect(closedText).toContain('Closed by: Мария Менеджер');
        const adjusted = rows.filter({ hasText: 'Adjustments: — → 1 adjustment' });
        await expect(adjusted.innerText()).resolves.toMatch(
            new RegExp(`Changed[\\s\\S]*Pay period: ${period}[\\s\\S]*Adjustments: — → 1 adjustment, -\\D*300`),
        );
        const marked = rows.filter({ hasText: 'Mark: ' }).first();
        await expect(marked.innerText()).resolves.toMatch(/Mark: .+ · .+[\s\S]*Mark: Attended → Excused/);
        for (const text of await rows.allInnerTexts()) expect(text).not.toMatch(unreadable);
        await a.setViewportSize({ width: 1440, height: 900 });
        await a.screenshot({ path: '/tmp/history-list-en-1440.png', fullPage: true });

        // In Russian, on a desk and on a phone.
        await a.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ru')));
        await a.reload();
        await a.getByRole('heading', { name: 'История изменений' }).waitFor();
        const periodRu = `Анна Петрова, ${lastMonth.map(day => `${day.slice(8)}.${day.slice(5, 7)}.${day.slice(0, 4)}`).join(' – ')}`;
        const closedRu = rows.filter({ hasText: 'Закрыт период оплаты' });
        await closedRu.getByText(`Период оплаты: ${periodRu}`).waitFor();
        const closedRuText = await closedRu.innerText();
        expect(closedRuText).toContain('Преподаватель: Анна Петрова');
        expect(closedRuText).toMatch(/Занятия: \d+ заняти(е|я|й), /);
        expect(closedRuText).toContain('Кто закрыл: Мария Менеджер');
        await expect(rows.filter({ hasText: 'Йога и пилатес' }).first().innerText()).resolves.toContain(
            'Направления: — → Йога, Пилатес',
        );
        await expect(rows.filter({ hasText: 'Корректировки' }).first().innerText()).resolves.toMatch(
            /Корректировки: — → 1 корректировка, -300/,
        );
        for (const text of await rows.allInnerTexts()) expect(text).not.toMatch(unreadable);
        await a.setViewportSize({ width: 1440, height: 900 });
        await a.screenshot({ path: '/tmp/history-list-ru-1440.png', fullPage: true });
        await a.setViewportSize({ width: 390, height: 844 });
        const closedOnPhone = rows
            .filter({ hasText: 'Закрыт период оплаты' })
            .filter({ hasText: `Период оплаты: ${periodRu}` });
        await closedOnPhone.getByText('Преподаватель: Анна Петрова').waitFor();
        // On a phone each change is one stacked cell, and nothing is wider than the screen (once the list
        // has rendered again for the narrower window, which it does after the resize).
        await expect
            .poll(() => a.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
            .toBeLessThanOrEqual(0);
        await a.screenshot({ path: '/tmp/history-list-ru-390.png', fullPage: true });
        await office.context.close();
    });
});
