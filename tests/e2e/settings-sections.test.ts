import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInBrowser, servedApp, signIn } from '../support/browser';
import { call, login } from '../support/server';

/*
 * The general settings in a browser: sections side by side on a desk's wide screen, one under another
 * on a phone, and quiet hours picked as two times that the server keeps as 'HH:MM-HH:MM'.
 */

const sections = [
    'The studio',
    'Classes and booking',
    'Messages',
    'Payments and receipts',
    'Penalties',
    'Passes on the dashboard',
];

/** The left edge and width of each section, in the order of the page. */
const boxes = (p: Page) =>
    Promise.all(
        sections.map(async name => {
            const box = await p.getByRole('region', { name }).boundingBox();
            if (!box) throw new Error(`the section ${name} is not shown`);
            return box;
        }),
    );

describeInBrowser('the general settings in a browser', () => {
    const app = servedApp();

    it('shows the settings in sections, two side by side at 1440 px and one column at 390 px', async () => {
        const p = await app.page();
        await p.setViewportSize({ width: 1440, height: 900 });
        await signIn(p, 'admin');
        await p.goto('/configs');
        await p.getByRole('region', { name: 'The studio' }).getByLabel('Studio name').waitFor();
        const wide = await boxes(p);
        // Two columns: some sections start right of the middle, and none is wider than half the page.
        expect(wide.some(box => box.x > 1440 / 2 - 100)).toBe(true);
        for (const box of wide) expect(box.width).toBeLessThan(1440 / 2);
        await p.screenshot({ path: '/tmp/settings-1440.png', fullPage: true });

        // A phone opens the page at its own width (a desk window narrowed keeps the menu it had open over the page).
        const phone = await app.page();
        await phone.setViewportSize({ width: 390, height: 844 });
        await signIn(phone, 'admin');
        await phone.goto('/configs');
        await phone.getByRole('region', { name: 'The studio' }).getByLabel('Studio name').waitFor();
        const narrow = await boxes(phone);
        expect(new Set(narrow.map(box => Math.round(box.x))).size).toBe(1);
        for (const [index, box] of narrow.entries()) if (index) expect(box.y).toBeGreaterThan(narrow[index - 1].y);
        await expect
            .poll(() => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
            .toBeLessThanOrEqual(0);
        await phone.screenshot({ path: '/tmp/settings-390.png', fullPage: true });
    });

    it('saves quiet hours picked as times, and none when they are turned off', async () => {
        const p = await app.page();
        await signIn(p, 'admin');
        await p.goto('/configs');
        const messages = p.getByRole('region', { name: 'Messages' });
        const from = messages.getByLabel('Quiet hours from');
        await expect.poll(() => from.inputValue()).toBe('22:00');
        await from.fill('23:30');
        await messages.getByLabel('Quiet hours until').fill('08:15');
        await p.getByRole('button', { name: 'Save' }).click();
        const token = await login(app.server.url, 'admin');
        const saved = async () => (await call(app.server.url, '/api/configs/general', { token })).body.quietHours;
        await expect.poll(saved).toBe('23:30-08:15');

        await p.reload();
        await expect.poll(() => messages.getByLabel('Quiet hours until').inputValue()).toBe('08:15');
        await messages.getByRole('switch', { name: 'Quiet hours' }).click();
        await p.getByRole('button', { name: 'Save' }).click();
        await expect.poll(saved).toBeNull();
    });
});
