import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, distDir, launchBrowser, signIn } from '../support/browser';
import { removeDir, root, startServerProcess, type RunningServer } from '../support/server';

/*
 * The screens on a 1024 px laptop: no page is wider than the screen (a wide table scrolls inside its
 * card) and every list's actions are in view. Screenshots are kept in tests/e2e/artifacts.
 */

const artifacts = join(root, 'tests/e2e/artifacts');

const lists: { path: string; actions: string[] }[] = [
    { path: '/customers', actions: ['Create', 'Export'] },
    { path: '/schedules', actions: ['Create', 'Export'] },
    { path: '/events', actions: ['Create', 'Export'] },
    { path: '/attendances', actions: ['Export'] },
    { path: '/settings/users', actions: ['Create', 'Export'] },
    { path: '/settings/courses', actions: ['Create', 'Export'] },
    { path: '/settings/studios', actions: ['Create', 'Export'] },
    { path: '/settings/directions', actions: ['Create', 'Export'] },
    { path: '/settings/subscriptions', actions: ['Create', 'Export'] },
];

describeInBrowser('the screens at 1024 px', () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
        mkdirSync(artifacts, { recursive: true });
        server = await startServerProcess({ distDir: distDir() });
        browser = await launchBrowser();
        const context = await browser.newContext({
            baseURL: server.url,
            viewport: { width: 1024, height: 768 },
            locale: 'en-US',
        });
        page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await signIn(page, 'admin');
    });

    afterAll(async () => {
        await browser?.close();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    it.each(lists)('$path fits the screen with its actions in view', async ({ path, actions }) => {
        await page.goto(path);
        await page.locator('.RaList-main').waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(artifacts, `1024${path.replace(/\//g, '_')}.png`) });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
        for (const name of actions) {
            const box = await page
                .getByRole('button', { name, exact: true })
                .or(page.getByRole('link', { name, exact: true }))
                .first()
                .boundingBox();
            expect(box, `${name} is shown`).not.toBeNull();
            expect((box?.x ?? 0) + (box?.width ?? 0), `${name} is in view`).toBeLessThanOrEqual(1024);
        }
    });
});
