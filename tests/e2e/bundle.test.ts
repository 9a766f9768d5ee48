import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoAccounts, removeDir, startServerProcess, type RunningServer } from '../support/server';
import { describeInBrowser, distDir, launchBrowser, newPage } from '../support/browser';
import { flatten } from '../support/catalogues';
import { appEnglish } from '../../src/app/i18n/en';
import { appRussian } from '../../src/app/i18n/ru';

/*
 * What a first visit costs on a studio's wifi. The sign-in page loads only what it needs, compressed:
 * at most 300 kB of JavaScript on the wire (a bare react-admin app with one resource costs 326 kB
 * gzipped); the first page after signing in at most 400 kB more. The customers' portal at /my, opened
 * on a phone, at most 200 kB, and none of react-admin. Sizes are bytes of the build, not times, so they
 * hold on any machine.
 */

const kB = 1000;
const loginBudget = 300 * kB;
const firstPageBudget = 400 * kB;
const portalBudget = 200 * kB;

/** The build's two pages: the staff app and the customers' portal. */
const appEntry = 'index.html';
const portalEntry = 'src/portal/index.html';

interface ManifestChunk {
    file: string;
    imports?: string[];
    dynamicImports?: string[];
    isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;
type ModuleReport = { file: string; modules: { id: string; bytes: number }[] }[];

const read = <T>(dir: string, file: string): T => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T;

/** The chunks a page loads before it runs: the entry and everything it imports statically. */
const staticChunks = (manifest: Manifest, key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) staticChunks(manifest, imported, into);
    return into;
};

/** The bytes a browser accepting brotli receives for a file: its .br copy, or the file when too small to compress. */
const wireBytes = (dir: string, file: string) =>
    existsSync(join(dir, `${file}.br`)) ? statSync(join(dir, `${file}.br`)).size : statSync(join(dir, file)).size;

/** The files of the chunks a page loads before it runs, and their bytes on the wire. */
const firstChunks = (dir: string, manifest: Manifest, entry: string) => {
    const files = new Set([...staticChunks(manifest, entry)].map(key => manifest[key].file));
    return { files, bytes: [...files].reduce((sum, file) => sum + wireBytes(dir, file), 0) };
};

/** The largest modules of some chunks, to say where a budget went. */
const largestModules = (report: ModuleReport, files: Set<string>, count = 12) =>
    report
        .filter(chunk => files.has(chunk.file))
        .flatMap(chunk => chunk.modules)
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, count)
        .map(module => `${module.id} (${Math.round(module.bytes / kB)} kB before minifying)`)
        .join('\n  ');

describeInBrowser('the size of a first visit', () => {
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

    it('the build puts at most 300 kB of compressed JavaScript before the sign-in page, naming the largest modules otherwise', () => {
        const dir = distDir();
        const manifest = read<Manifest>(dir, '.vite/manifest.json');
        const report = read<ModuleReport>(dir, '.vite/modules.json');
        const { files, bytes } = firstChunks(dir, manifest, appEntry);
        expect(
            bytes,
            `/login loads ${Math.round(bytes / kB)} kB; the largest modules:\n  ${largestModules(report, files)}`,
        ).toBeLessThanOrEqual(loginBudget);
    });

    it('keeps the Russian texts out of the first chunks: they come with the Russian catalogue, fetched when Russian is chosen', () => {
        const dir = distDir();
        const manifest = read<Manifest>(dir, '.vite/manifest.json');
        const code = (keys: Iterable<string>) =>
            [...keys].map(key => readFileSync(join(dir, manifest[key].file), 'utf8')).join('\n');
        const englishTexts = new Set(flatten(appEnglish).values());
        const russianTexts = [...flatten(appRussian).values()].filter(
            text => /[а-яё]/i.test(text) && !englishTexts.has(text),
        );
        expect(russianTexts.length).toBeGreaterThan(500);
        const russianChunk = code(['src/app/i18n/ru/index.ts']);
        expect(russianTexts.filter(text => !russianChunk.includes(text))).toEqual([]);
        const firstCode = code(staticChunks(manifest, appEntry));
        expect(russianTexts.filter(text => firstCode.includes(text))).toEqual([]);
    });

    it('puts at most 200 kB of compressed JavaScript before the portal at /my, none of react-admin, naming the largest modules otherwise', () => {
        const dir = distDir();
        const manifest = read<Manifest>(dir, '.vite/manifest.json');
        const report = read<ModuleReport>(dir, '.vite/modules.json');
        const { files, bytes } = firstChunks(dir, manifest, portalEntry);
        expect(
            bytes,
            `/my loads ${Math.round(bytes / kB)} kB; the largest modules:\n  ${largestModules(report, files)}`,
        ).toBeLessThanOrEqual(portalBudget);
        const modules = report.filter(chunk => files.has(chunk.file)).flatMap(chunk => chunk.modules);
        expect(modules.filter(module => /node_modules\/(react-admin|ra-[a-z-]+)\//.test(module.id))).toEqual([]);
        // Its Russian texts come with its Russian catalogue, a chunk fetched when Russian is chosen.
        expect(manifest['src/app/i18n/ru/portal.ts']?.isEntry).toBeFalsy();
        expect(modules.filter(module => module.id.includes('i18n/ru/'))).toEqual([]);
    });

    /** Adds up the compressed bytes of the scripts the page receives, as Chromium counts them. */
    const scriptBytes = async (page: Page) => {
        const session = await page.context().newCDPSession(page);
        await session.send('Network.enable');
        const scripts = new Set<string>();
        let total = 0;
        session.on('Network.responseReceived', event => {
            if (event.type === 'Script') scripts.add(event.requestId);
        });
        session.on('Network.loadingFinished', event => {
            if (scripts.has(event.requestId)) total += event.encodedDataLength;
        });
        return () => total;
    };

    it('a browser receives at most 300 kB of scripts for /login, and at most 400 kB more for the dashboard after signing in', async () => {
        const { context, page } = await newPage(browser, server.url);
        const received = await scriptBytes(page);
        await page.goto('/login');
        await page.getByLabel(/email/i).waitFor();
        await page.waitForLoadState('networkidle');
        const login = received();
        expect(login).toBeGreaterThan(0);
        expect(login, `/login received ${Math.round(login / kB)} kB of scripts`).toBeLessThanOrEqual(loginBudget);

        await page.getByLabel(/email/i).fill(demoAccounts.admin.email);
        await page.getByLabel(/password|пароль/i).fill(demoAccounts.admin.password);
        await page.locator('button[type=submit]').click();
        await page.waitForURL(url => !url.pathname.startsWith('/login'));
        await page.getByRole('menuitem', { name: 'Customers' }).waitFor();
        await page.waitForLoadState('networkidle');
        const dashboard = received() - login;
        expect(dashboard, `the dashboard received ${Math.round(dashboard / kB)} kB more`).toBeLessThanOrEqual(
            firstPageBudget,
        );
        await context.close();
    });

    it('a phone receives at most 200 kB of scripts for the portal at /my', async () => {
        const context = await browser.newContext({
            baseURL: server.url,
            viewport: { width: 390, height: 844 },
            isMobile: true,
            hasTouch: true,
            locale: 'en-US',
        });
        const page = await context.newPage();
        const received = await scriptBytes(page);
        await page.goto('/my');
        await page.getByLabel(/e-mail or phone|e-mail или телефон/i).waitFor();
        await page.waitForLoadState('networkidle');
        const portal = received();
        expect(portal).toBeGreaterThan(0);
        expect(portal, `/my received ${Math.round(portal / kB)} kB of scripts`).toBeLessThanOrEqual(portalBudget);
        await context.close();
    });
});
