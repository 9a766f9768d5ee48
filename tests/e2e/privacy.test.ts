import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { PersonalDataExport } from '../../src/domain/api/privacy';
import type { Task } from '../../src/domain/tasks';
import { describeInBrowser, servedAppWithMail, signIn } from '../support/browser';
import { freshPhone } from '../support/factories';
import { call, login, root } from '../support/server';

/*
 * Personal data in a browser, on the built app with a real SMTP server the test starts: a customer with a
 * paid pass asks on her 390 px phone, on /my's Privacy page, for her data to be erased; the admin finds the
 * request among her tasks on the dashboard, opens the card, exports the data (a JSON file downloaded), and
 * erases the card in two steps; the card reads as erased, the request is done, and the month's income is
 * what it was. Screenshots go to tests/e2e/artifacts.
 */

const artifacts = join(root, 'tests/e2e/artifacts');
const email = 'e2e-erin.erasing@example.test';

describeInBrowser('personal data in a browser', () => {
    beforeAll(() => {
        mkdirSync(artifacts, { recursive: true });
    });
    const app = servedAppWithMail();

    const api = async <T>(path: string, json?: unknown) => {
        const answer = await call(app.server.url, `/api${path}`, {
            token: await login(app.server.url, 'admin'),
            ...(json !== undefined && { method: 'POST', json }),
        });
        if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };
    const shot = (page: Page, name: string) =>
        page.screenshot({ path: join(artifacts, `privacy-${name}.png`), fullPage: true });

    it('a customer asks in /my to be erased; the admin sees the task, exports her data and erases the card, and the month’s income stays', async () => {
        const erin = await api<{ id: number }>('/customers', {
            firstName: 'Erin',
            lastName: 'Erasing',
            phone: freshPhone(),
            email,
            status: 'active',
            locale: 'en',
        });
        const today = new Date().toISOString().slice(0, 10);
        await api('/passes/sell', { customerId: erin.id, subscriptionId: 3, startsOn: today, method: 'cash' });
        const month = `from=${today.slice(0, 8)}01&to=${today}&interval=month`;
        const income = () => api<unknown>(`/statistics/incomes?${month}`);
        const before = await income();

        // Her phone: she signs in with a code and asks, on the Privacy page, for her data to be erased.
        const context = await app.browser.newContext({
            baseURL: app.server.url,
            viewport: { width: 390, height: 844 },
            isMobile: true,
            hasTouch: true,
            locale: 'en-US',
        });
        const phone = await context.newPage();
        phone.setDefaultTimeout(30_000);
        await phone.goto('/my');
        await phone.getByLabel(/E-mail or phone|E-mail или телефон/).fill(email);
        // The mail of her payment may come first: the code is the one mail with six digits alone.
        const codeIn = () =>
            app.mailbox
                .to(email)
                .map(mail => /\b(\d{6})\b/.exec(mail.text ?? '')?.[1])
                .find(Boolean);
        await phone.getByRole('button', { name: /^(Send code|Получить код)$/ }).tap();
        await expect.poll(codeIn, { timeout: 15_000 }).toBeTruthy();
        const code = codeIn()!;
        await phone.getByLabel(/Code from the message|Код из сообщения/).fill(code);
        await phone.getByRole('heading', { level: 1 }).first().waitFor();
        await phone.goto('/my/privacy');
        await phone.getByRole('button', { name: 'Ask to erase my data' }).tap();
        await phone.getByRole('dialog').getByRole('button', { name: 'Ask to erase' }).tap();
        await phone.getByText(/to erase your data has been received/).waitFor();
        await shot(phone, '1-asked');
        // The answer that the request was taken reaches her by mail.
        await expect
            .poll(() => app.mailbox.to(email).some(mail => /request to erase your data/.test(mail.subject ?? '')), {
                timeout: 15_000,
            })
            .toBe(true);
        await context.close();

        // The admin finds the request among her tasks and opens the card from it.
        const desk = await app.page();
        await signIn(desk, 'admin');
        const request = desk.getByTestId('my-tasks').getByRole('listitem').filter({ hasText: 'Erin Erasing' });
        await request.waitFor();
        expect(await request.textContent()).toContain('Удалить персональные данные по просьбе клиента');
        await shot(desk, '2-task');
        await desk.goto(`/customers/${erin.id}`);

        // Export: the file downloaded is her data.
        const [download] = await Promise.all([
            desk.waitForEvent('download'),
            desk.getByRole('button', { name: 'Export data' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^customer-${erin.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
        const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as PersonalDataExport;
        expect(exported.person.customer).toMatchObject({ id: erin.id, email, lastName: 'Erasing' });
        expect(exported.person.passes).toHaveLength(1);

        // Erase, in two steps: what happens, then her last name typed to confirm.
        await desk.getByRole('button', { name: 'Erase personal data' }).click();
        const dialog = desk.getByRole('dialog');
        await dialog.getByText('This cannot be undone.').waitFor();
        await dialog.getByRole('button', { name: 'Continue' }).click();
        const submit = dialog.getByRole('button', { name: 'Erase for good' });
        await submit.waitFor();
        expect(await submit.isDisabled()).toBe(true);
        await dialog.getByLabel('Last name').fill('erasing');
        await shot(desk, '3-confirm');
        await submit.click();
        await desk.getByText(/^Personal data erased on /).waitFor();
        await desk.getByText(`#${erin.id}`).first().waitFor();
        expect(await desk.getByRole('button', { name: 'Erase personal data' }).count()).toBe(0);
        await shot(desk, '4-erased');

        // The request is answered, and the month's income is what it was.
        const [task] = await api<Task[]>(
            `/tasks?filter=${encodeURIComponent(JSON.stringify({ customerId: erin.id, source: 'erasure' }))}`,
        );
        expect(task).toMatchObject({ status: 'done', assigneeRole: 'admin' });
        expect(await income()).toEqual(before);
    });
});
