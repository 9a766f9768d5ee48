import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Consent } from '../../src/domain/consents';
import type { Message } from '../../src/domain/types';
import type { Task } from '../../src/domain/tasks';
import { describeInBrowser, servedAppWithMail, signIn } from '../support/browser';
import { freshPhone } from '../support/factories';
import { call, login, root } from '../support/server';

/*
 * Consents and a task in a browser, on the built app with a real SMTP server the test starts: a customer
 * joins in /my on a 390 px phone, in the studio's language (Russian), ticking only the personal data box; the manager asks from her card
 * whether she takes offers by message; she, signed in on her phone, opens the question's link to the
 * Privacy page and says yes in one tap; the manager then sees both consents on her card, makes a task for
 * her from the card and finds it under "My tasks" on the dashboard. Screenshots go to tests/e2e/artifacts.
 */

const artifacts = join(root, 'tests/e2e/artifacts');
const email = 'e2e-olivia.consents@example.test';
const title = 'Call Olivia about the new evening group';

describeInBrowser('consents in a browser', () => {
    beforeAll(() => {
        mkdirSync(artifacts, { recursive: true });
    });
    const app = servedAppWithMail();

    const api = async <T>(path: string) => {
        const answer = await call(app.server.url, `/api${path}`, { token: await login(app.server.url, 'manager') });
        if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };
    const filtered = (collection: string, filter: object) =>
        `/${collection}?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["id","ASC"]')}`;
    const shot = (page: Page, name: string) =>
        page.screenshot({ path: join(artifacts, `consents-${name}.png`), fullPage: true });

    it('a customer joins with personal data only, says yes to offers when asked, and the manager sees both and makes her a task', async () => {
        // Her phone: a touch screen 390 px wide.
        const context = await app.browser.newContext({
            baseURL: app.server.url,
            viewport: { width: 390, height: 844 },
            isMobile: true,
            hasTouch: true,
            locale: 'ru-RU',
        });
        const phone = await context.newPage();
        phone.setDefaultTimeout(30_000);
        await phone.goto('/my/join');
        await phone.getByLabel(/^Имя/).fill('Olivia');
        await phone.getByLabel('Фамилия').fill('Consenting');
        await phone.getByLabel('Телефон').fill(freshPhone());
        await phone.getByLabel('E-mail').fill(email);
        await phone.getByRole('checkbox', { name: /Я согласен\(на\) на/ }).tap();
        const offersBox = phone.getByRole('checkbox', { name: /Присылать мне предложения и новости/ });
        expect(await offersBox.isChecked()).toBe(false);
        await shot(phone, '1-join');
        await phone.getByRole('button', { name: 'Записаться', exact: true }).tap();
        await expect.poll(() => app.mailbox.to(email).length, { timeout: 15_000 }).toBeGreaterThan(0);
        const code = /\b(\d{6})\b/.exec(app.mailbox.to(email).at(-1)!.text ?? '')![1];
        await phone.getByLabel(/Код из сообщения/).fill(code);
        await phone.getByRole('heading', { level: 1, name: 'Абонементы' }).waitFor();

        const [olivia] = await api<{ id: number }[]>(filtered('customers', { email }));
        const consentsOf = async () =>
            (await api<Consent[]>(filtered('consents', { customerId: olivia.id }))).map(
                ({ kind, source, revokedAt }) => ({ kind, source, revokedAt }),
            );
        expect(await consentsOf()).toEqual([{ kind: 'personal_data', source: 'portal', revokedAt: null }]);

        // The desk asks her, from her card, whether she takes offers by message.
        const desk = await app.page();
        await signIn(desk, 'manager');
        await desk.goto(`/customers/${olivia.id}`);
        const consents = desk.getByRole('region', { name: 'Consents' });
        await consents.getByText('Personal data').waitFor();
        await consents.getByRole('button', { name: 'Ask about offers' }).click();
        await desk.getByRole('dialog').getByRole('button', { name: 'Send the question' }).click();
        await desk.getByText('The question went by E-mail').waitFor();
        // In the outbox, by e-mail; it goes at once, or when the studio's quiet hours end.
        const [question] = await api<Message[]>(
            filtered('messages', { customerId: olivia.id, kind: 'offers_question' }),
        );
        expect(question).toMatchObject({
            channel: 'email',
            locale: 'ru',
            status: expect.stringMatching(/^(queued|sent)$/),
        });
        expect(question.subject).toMatch(/можно присылать вам предложения\?$/);

        // Later, still signed in on her phone, she opens the question's link and says yes in one tap.
        await phone.goto('/my/privacy?offers=yes');
        const asked = phone.getByRole('region', { name: 'Присылать вам предложения в сообщениях?' });
        await asked.waitFor();
        await shot(phone, '2-asked');
        await asked.getByRole('button', { name: 'Да', exact: true }).tap();
        await phone.getByText('Вы будете получать наши предложения').waitFor();
        await asked.waitFor({ state: 'detached' });
        expect(await phone.getByRole('switch', { name: 'Присылать мне предложения и новости' }).isChecked()).toBe(true);
        await context.close();
        expect(await consentsOf()).toEqual([
            { kind: 'personal_data', source: 'portal', revokedAt: null },
            { kind: 'marketing', source: 'portal', revokedAt: null },
        ]);

        // The manager sees both on her card (nothing left to ask), and makes her a task from it.
        await desk.reload();
        await consents.getByText('Offers by message').waitFor();
        await consents.getByText('Personal data').waitFor();
        expect(await consents.getByRole('button', { name: 'Ask about offers' }).count()).toBe(0);
        await shot(desk, '3-card');
        await desk.getByRole('region', { name: 'Tasks' }).getByRole('link', { name: 'Make a task' }).click();
        await desk.waitForURL(/\/tasks\/create/);
        await desk.getByLabel('What to do').fill(title);
        expect(await desk.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe('Olivia Consenting');
        await desk.getByRole('button', { name: 'Save' }).click();
        await desk.waitForURL(/\/tasks(\?|$)/);
        const [made] = await api<Task[]>(filtered('tasks', { customerId: olivia.id }));
        expect(made).toMatchObject({ title, assigneeId: 2, status: 'open', source: 'manual' });

        await desk.goto('/');
        const mine = desk.getByTestId('my-tasks').getByRole('listitem').filter({ hasText: title });
        await mine.waitFor();
        expect(await mine.textContent()).toContain('Olivia Consenting');
        await shot(desk, '4-my-tasks');
    });
});
