import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Task } from '../../src/domain/tasks';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { freshPhone } from '../support/factories';
import { call, login, removeDir, root, startServer, type RunningServer } from '../support/server';

/*
 * A task in a browser, on the built app: a manager makes one from a customer's card for the teacher
 * Anna; Anna sees it on her dashboard under "My tasks" and marks it done with a note; the manager then
 * finds it done, by Anna, in the Tasks list. Screenshots are kept in tests/e2e/artifacts.
 */

const artifacts = join(root, 'tests/e2e/artifacts');
const title = 'Call Vera about the trial class';

describeInBrowser('tasks in a browser', () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
        server = await startServer({ distDir: distDir() });
        browser = await launchBrowser();
        mkdirSync(artifacts, { recursive: true });
    });
    afterAll(async () => {
        await browser?.close();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    const api = async <T>(path: string, json?: unknown) => {
        const answer = await call(server.url, `/api${path}`, {
            method: json === undefined ? 'GET' : 'POST',
            token: await login(server.url, 'manager'),
            json,
        });
        if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };
    const shot = (name: string) => page.screenshot({ path: join(artifacts, `tasks-${name}.png`), fullPage: true });

    it('is made from the card for a teacher, done by her from the dashboard, and seen done by the manager', async () => {
        const vera = await api<{ id: number }>('/customers', {
            firstName: 'Vera',
            lastName: 'Tasklist',
            phone: freshPhone(),
            status: 'active',
        });

        ({ page } = await newPage(browser, server.url));
        await signIn(page, 'manager');
        await page.goto(`/customers/${vera.id}`);
        const section = page.getByRole('region', { name: 'Tasks' });
        await section.getByText('No open tasks').waitFor();
        await section.getByRole('link', { name: 'Make a task' }).click();
        await page.waitForURL(/\/tasks\/create/);
        await page.getByLabel('What to do').fill(title);
        const person = page.getByRole('combobox', { name: 'Person' });
        await person.fill('Анна');
        await page.getByRole('option', { name: 'Анна Петрова' }).click();
        expect(await page.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe('Vera Tasklist');
        await shot('1-form');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/\/tasks(\?|$)/);
        await page.getByRole('row').filter({ hasText: title }).getByText('Анна Петрова').waitFor();
        const [made] = await api<Task[]>(
            `/tasks?filter=${encodeURIComponent(JSON.stringify({ customerId: vera.id }))}`,
        );
        expect(made).toMatchObject({ title, assigneeId: 3, customerId: vera.id, status: 'open', source: 'manual' });

        ({ page } = await newPage(browser, server.url));
        await signIn(page, 'teacher');
        const mine = page.getByTestId('my-tasks');
        const row = mine.getByRole('listitem').filter({ hasText: title });
        await row.waitFor();
        expect(await row.textContent()).toContain('Vera Tasklist');
        await shot('2-teacher-dashboard');
        await row.getByRole('button', { name: 'Done' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Note').fill('Called: she comes on Thursday');
        await dialog.getByRole('button', { name: 'Done' }).click();
        await page.getByText('Task done').waitFor();
        await row.waitFor({ state: 'detached' });

        ({ page } = await newPage(browser, server.url));
        await signIn(page, 'manager');
        await page.goto(`/tasks?filter=${encodeURIComponent(JSON.stringify({ status: 'done' }))}`);
        const doneRow = page.getByRole('row').filter({ hasText: title });
        await doneRow.waitFor();
        expect(await doneRow.textContent()).toMatch(/Done .* by Анна Петрова/);
        expect(await doneRow.textContent()).toContain('Called: she comes on Thursday');
        await shot('3-done-in-list');
        const [done] = await api<Task[]>(
            `/tasks?filter=${encodeURIComponent(JSON.stringify({ customerId: vera.id }))}`,
        );
        expect(done).toMatchObject({ status: 'done', doneBy: 3, note: 'Called: she comes on Thursday' });
    });
});
