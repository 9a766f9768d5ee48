import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { guessMapping } from '../../src/domain/imports';
import { e164Phone } from '../../src/domain/phones';
import type { Customer, Database, Import, Pass } from '../../src/domain/types';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { call, demoDb, login, removeDir, root, startServerProcess, type RunningServer } from '../support/server';

/*
 * Moving in from another system, in a browser on the built app: a manager opens Customers → Import,
 * chooses a Windows-1251 file with `;` and Russian headers as Excel saves it, tells the screen that the
 * column it could not guess holds the phone, sees what the import would do, imports, finds a customer it
 * made in the Customers list with the pass carried over at price 0, then undoes the import from its
 * history and the customer is gone. The wizard is also seen at 1440 and 390 px, in English and in
 * Russian, light and dark. Screenshots are kept in tests/e2e/artifacts.
 */

const artifacts = join(root, 'tests/e2e/artifacts');
const demo = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;

/** The phone column's header is one nobody's sheet uses, so the screen cannot guess it. */
const phoneHeader = 'Мобильный номер клиента';
const headers = ['ФИО', phoneHeader, 'E-mail', 'Абонемент', 'Осталось занятий', 'Действует до'];
const rows = [
    [
        'Загрузкина Ульяна Сергеевна',
        '8 (912) 700-11-01',
        'ulyana.zagruzkina@example.test',
        '8 занятий',
        '5',
        '31.12.2030',
    ],
    ['Загрузкин Тимур', '8 912 700 11 02', '', '', '', ''],
    ['Загрузкина Вера', '89127001103', '', 'Нет такого', '3', '31.12.2030'],
];
const file = iconv.encode([headers, ...rows].map(cells => cells.join(';')).join('\r\n'), 'win1251');
const csv = { name: 'clients.csv', mimeType: 'text/csv', buffer: file };

describeInBrowser('importing customers in a browser', () => {
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
        mkdirSync(artifacts, { recursive: true });
        server = await startServerProcess({ distDir: distDir() });
        browser = await launchBrowser();
    });
    afterAll(async () => {
        await browser?.close();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    const api = async <T>(path: string) => {
        const answer = await call(server.url, `/api${path}`, { token: await login(server.url, 'admin') });
        if (answer.status >= 300) throw new Error(`GET ${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };
    /** An import applied through the API, so that the history has one to undo: a customer in a UTF-8 file. */
    let another: Promise<unknown> | undefined;
    const importAnother = () =>
        (another ??= (async () => {
            const answer = await call(
                server.url,
                `/api/imports/customers?fileName=${encodeURIComponent('АльфаCRM выгрузка ноябрь.csv')}`,
                {
                    method: 'POST',
                    token: await login(server.url, 'manager'),
                    headers: { 'Content-Type': 'text/csv' },
                    body: 'Фамилия,Имя,Телефон\r\nВыгрузкина,Нина,+7 912 700 11 09\r\n',
                },
            );
            if (answer.status !== 201) throw new Error(`the import: ${answer.status} ${answer.text}`);
        })());
    const customersNamed = (lastName: string) =>
        api<Customer[]>(`/customers?${new URLSearchParams({ filter: JSON.stringify({ lastName }) })}`);
    const shot = (page: Page, name: string) =>
        page.screenshot({ path: join(artifacts, `imports-${name}.png`), fullPage: true });
    const fieldOf = (page: Page, header: string) => page.getByRole('combobox', { name: header, exact: true });
    const pickField = async (page: Page, header: string, field: string) => {
        await fieldOf(page, header).click();
        await page.getByRole('option', { name: field, exact: true }).click();
        // The menu is gone, not fading out over the screen.
        await page.locator('.MuiPopover-root:has([role=listbox])').waitFor({ state: 'detached' });
    };

    it('the file is as the journey needs it: new phones, and a phone column the screen cannot guess', () => {
        expect(guessMapping(headers)).toMatchObject({ ФИО: 'fullName', [phoneHeader]: null, Абонемент: 'plan' });
        const phones = new Set(demo.customers.map(customer => customer.phone));
        for (const [, phone] of rows) expect(phones.has(e164Phone(phone, 'RU') as string), phone).toBe(false);
        expect(demo.subscriptions.some(plan => plan.name === '8 занятий')).toBe(true);
    });

    it('a manager imports a file, finds the customer with the pass carried over, and undoes the import', async () => {
        const { page } = await newPage(browser, server.url);
        await signIn(page, 'manager');
        await page.goto('/customers');
        await page.getByRole('link', { name: 'Import', exact: true }).click();
        await page.waitForURL('**/imports/create');
        await page.getByRole('heading', { name: 'Import customers', level: 1 }).waitFor();

        await page.getByTestId('import-file').setInputFiles(csv);
        // The columns as guessed: the phone's is not, so every row without an e-mail lacks a contact.
        await expect.poll(() => fieldOf(page, 'ФИО').textContent()).toBe('Full name (last and first)');
        expect(await fieldOf(page, phoneHeader).textContent()).toBe('— ignore —');
        expect(await fieldOf(page, 'Действует до').textContent()).toBe('Pass ends');
        await expect.poll(() => page.getByTestId('import-count-errors').textContent()).toBe('Errors 3');
        await page.getByText('Phone (no column)').first().waitFor();
        expect(await page.getByTestId('import-file-name').textContent()).toBe(
            'clients.csv · windows-1251 · separated by “;”',
        );

        await pickField(page, phoneHeader, 'Phone');
        await expect
            .poll(() => page.getByTestId('import-counts').innerText())
            .toMatch(/To create 2\s*To update 0\s*Unchanged 0\s*Passes carried over 1\s*Errors 1/);
        const error = page.getByTestId('import-error');
        expect(await error.count()).toBe(1);
        expect(await error.innerText()).toMatch(
            /^4\s+Загрузкина Вера\s+Абонемент\s+The studio has no plan of this name$/,
        );
        expect(await customersNamed('Загрузкина')).toEqual([]);
        await shot(page, '1-dry-run');

        await page.getByRole('button', { name: 'Import 2 customers' }).click();
        await page.getByText('Customers imported').waitFor();
        await expect
            .poll(() => page.getByTestId('import-done').innerText())
            .toMatch(/Created: 2, updated: 0, unchanged: 0, passes carried over: 1, rows with errors left out: 1\./);
        await shot(page, '2-done');
        const [done] = await api<Import[]>('/imports');
        expect(done).toMatchObject({
            fileName: 'clients.csv',
            createdByName: expect.any(String),
            counts: { create: 2, update: 0, skip: 0, errors: 1, passes: 1 },
            undoneAt: null,
        });

        // The customer is in the list, with the pass carried over on the card.
        await page.goto('/customers');
        await page.getByPlaceholder('Search').fill('Загрузкина');
        await page.getByText('1-1 of 1').waitFor();
        await page.locator('tbody tr').filter({ hasText: 'Ульяна' }).click();
        await page.waitForURL(/\/customers\/\d+$/);
        const pass = page.getByRole('region', { name: 'Passes' }).locator('tbody tr').filter({ hasText: '8 занятий' });
        await pass.waitFor();
        await expect(pass.innerText()).resolves.toMatch(
            /Active[\s\S]*5 \/ 5[\s\S]*12\/31\/2030[\s\S]*RUB\s0\.00\s*carried over/,
        );
        await shot(page, '3-card');
        const customerId = Number(new URL(page.url()).pathname.split('/').pop());
        const passes = await api<Pass[]>(`/passes?${new URLSearchParams({ filter: JSON.stringify({ customerId }) })}`);
        expect(passes).toMatchObject([
            { name: '8 занятий', price: 0, discountReason: 'carried over', visitsTotal: 5, endsOn: '2030-12-31' },
        ]);

        // Undone from the history, reached from the import screen.
        await page.goto('/customers');
        await page.getByRole('link', { name: 'Import', exact: true }).click();
        await page.getByRole('link', { name: 'History of imports' }).click();
        await page.waitForURL(/\/imports$/);
        const row = page.locator('tbody tr').filter({ hasText: 'clients.csv' });
        await expect
            .poll(() => row.innerText())
            .toMatch(/clients\.csv[\s\S]*Created: 2 · updated: 0 · unchanged: 0 · errors: 1 · passes: 1[\s\S]*Applied/);
        await row.getByRole('button', { name: 'Undo' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Undo the import of clients.csv?').waitFor();
        await dialog.getByRole('button', { name: 'Undo' }).click();
        await page.getByText('Import undone').waitFor();
        await row.getByText(/^Undone /).waitFor();
        expect(await row.getByRole('button', { name: 'Undo' }).count()).toBe(0);
        await shot(page, '4-undone');

        await page.goto('/customers');
        await page.getByPlaceholder('Search').fill('Загрузкин');
        await page.getByText(/^No .+ found using the current filters\./).waitFor();
        expect([...(await customersNamed('Загрузкина')), ...(await customersNamed('Загрузкин'))]).toEqual([]);
    });

    it("the Customers list's actions, Import among them, stay in view at 1024 px", async () => {
        const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 768 } });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await signIn(page, 'manager');
        await page.goto('/customers');
        await page.locator('.RaList-main tbody tr').first().waitFor();
        for (const name of ['Create', 'Import', 'Export']) {
            const box = await page
                .getByRole('button', { name, exact: true })
                .or(page.getByRole('link', { name, exact: true }))
                .first()
                .boundingBox();
            expect(box, `${name} is shown`).not.toBeNull();
            expect((box?.x ?? 0) + (box?.width ?? 0), `${name} is in view`).toBeLessThanOrEqual(1024);
        }
        await shot(page, 'customers-1024');
        await context.close();
    });

    const views = [
        { width: 1440, locale: 'en', theme: 'CYAN_THEME' },
        { width: 390, locale: 'en', theme: 'CYAN_THEME' },
        { width: 1440, locale: 'ru', theme: 'DARK_CYAN_THEME' },
        { width: 390, locale: 'ru', theme: 'DARK_CYAN_THEME' },
    ] as const;

    it.each(views)('the dry run at $width px in $locale ($theme) fits the screen', async ({ width, locale, theme }) => {
        const phone = width < 600;
        const context: BrowserContext = await browser.newContext({
            baseURL: server.url,
            viewport: { width, height: phone ? 844 : 900 },
            locale: 'en-US',
            ...(phone && { hasTouch: true, isMobile: true }),
        });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await page.goto('/login');
        await page.evaluate(
            ([chosenLocale, chosenTheme]) => {
                localStorage.setItem('RaStore.locale', JSON.stringify(chosenLocale));
                localStorage.setItem('RaStore.themeName', JSON.stringify(chosenTheme));
            },
            [locale, theme],
        );
        await signIn(page, 'manager');
        await page.goto('/imports/create');
        await page.getByTestId('import-file').setInputFiles(csv);
        await pickField(page, phoneHeader, locale === 'ru' ? 'Телефон' : 'Phone');
        await expect
            .poll(() => page.getByTestId('import-count-create').textContent())
            .toBe(locale === 'ru' ? 'Создать 2' : 'To create 2');
        await page.getByTestId('import-error').first().waitFor();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
        const apply = page.getByRole('button', {
            name: locale === 'ru' ? 'Импортировать 2 клиента' : 'Import 2 customers',
        });
        const box = await apply.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0), 'the import button is in view').toBeLessThanOrEqual(width);
        await shot(page, `wizard-${width}-${locale}${theme.startsWith('DARK') ? '-dark' : ''}`);

        await importAnother();
        await page.goto('/imports');
        await page.locator('.RaList-main').waitFor();
        await page
            .getByRole('button', { name: locale === 'ru' ? 'Отменить' : 'Undo' })
            .first()
            .waitFor();
        await page.waitForLoadState('networkidle');
        expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
            'the history is wider than the screen',
        ).toBeLessThanOrEqual(0);
        await shot(page, `history-${width}-${locale}${theme.startsWith('DARK') ? '-dark' : ''}`);
        await context.close();
    });
});
