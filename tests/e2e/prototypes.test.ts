import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Database } from '../../src/domain/types';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { call, demoDb, login, removeDir, startServerProcess, type RunningServer } from '../support/server';

/*
 * A developer prototypes as with json-server: a collection added to db.json (rooms) and one made empty
 * (instruments) appear for the admin under "Prototypes" with guessed screens; records added there are
 * in the database after a reload, and the console prints the guessed code. A manager does not see them.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database & Record<string, unknown>;
const rooms = [
    { id: 1, name: 'Hall A', seats: 20, open: true },
    { id: 2, name: 'Hall B', seats: 12, open: false },
];

describeInBrowser('prototype collections in a browser', () => {
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
        server = await startServerProcess({ distDir: distDir(), db: { ...db, rooms, instruments: [] } });
        browser = await launchBrowser();
    });

    afterAll(async () => {
        await browser?.close();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    const stored = async (collection: string) => {
        const token = await login(server.url, 'admin');
        return (await call(server.url, `/api/${collection}`, { token })).body as unknown as Record<string, unknown>[];
    };

    const guessedCode = (page: Page) => {
        const printed: string[] = [];
        page.on('console', message => printed.push(message.text()));
        return printed;
    };

    it('an admin adds a room through the guessed screens and finds it after a reload', async () => {
        const { page, context } = await newPage(browser, server.url);
        const printed = guessedCode(page);
        await signIn(page, 'admin');
        const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed'));
        await menu.getByText('Prototypes', { exact: true }).waitFor();
        await menu.getByRole('menuitem', { name: 'rooms' }).click();
        await page.waitForURL('**/rooms');
        const list = page.locator('table');
        await list.getByText('Hall A').waitFor();
        await expect.poll(() => printed.some(text => text.startsWith('Guessed List:'))).toBe(true);

        await page.getByRole('link', { name: 'Create' }).click();
        await page.waitForURL('**/rooms/create');
        await page.getByRole('textbox', { name: 'Name' }).fill('Studio C');
        await page.getByRole('spinbutton', { name: 'Seats' }).fill('8');
        await page.screenshot({ path: 'tests/e2e/artifacts/prototype-create.png' });
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/rooms');
        await list.getByText('Studio C').waitFor();
        expect(printed.some(text => text.startsWith('Guessed Create:'))).toBe(true);

        await page.reload();
        await list.getByText('Studio C').waitFor();
        const saved = (await stored('rooms')).find(room => room.name === 'Studio C');
        expect(saved).toMatchObject({ id: 3, name: 'Studio C', seats: 8 });

        // The guessed edit screen changes it.
        await list.getByText('Studio C').click();
        await page.waitForURL('**/rooms/3/show');
        await page.locator('.RaShow-main').getByText('Studio C').waitFor();
        await page.getByRole('link', { name: 'Edit' }).click();
        await page.waitForURL('**/rooms/3');
        await page.getByRole('spinbutton', { name: 'Seats' }).fill('10');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/rooms');
        await expect.poll(async () => (await stored('rooms')).find(room => room.id === 3)?.seats).toBe(10);
        await page.screenshot({ path: 'tests/e2e/artifacts/prototype-list.png' });
        await context.close();
    });

    it('an admin writes the first record of an empty collection as field names and values', async () => {
        const { page, context } = await newPage(browser, server.url);
        await signIn(page, 'admin');
        await page.goto('/instruments/create');
        await page.getByText('This collection has no records yet').waitFor();
        await page.getByLabel('Field name').first().fill('name');
        await page.getByLabel('Value').first().fill('Cajón');
        await page.getByRole('button', { name: 'Add' }).click();
        await page.getByLabel('Field name').nth(1).fill('price');
        await page.getByLabel('Value').nth(1).fill('4500');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/instruments');
        await page.locator('table').getByText('Cajón').waitFor();
        expect(await stored('instruments')).toEqual([{ id: 1, name: 'Cajón', price: 4500 }]);
        await page.reload();
        await page.locator('table').getByText('Cajón').waitFor();
        await context.close();
    });

    it("a manager has no Prototypes in the menu and no prototype's screens", async () => {
        const { page, context } = await newPage(browser, server.url);
        await signIn(page, 'manager');
        await page.getByRole('menuitem', { name: 'Customers' }).waitFor();
        await expect(page.getByText('Prototypes').count()).resolves.toBe(0);
        await expect(page.getByRole('menuitem', { name: 'rooms' }).count()).resolves.toBe(0);
        await page.goto('/rooms');
        await page.getByText('Page not found: /rooms').waitFor();
        await context.close();
    });
});
