import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Customer, Database, PaymentLink } from '../../src/domain/types';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { demoDb, removeDir, startServer, type RunningServer } from '../support/server';

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
/** A link still stored as pending whose expiry has passed: it must read as expired. */
const staleLinkId = 'e2e-stale-link-000000000';
const pending = db.paymentLinks.find(link => link.status === 'pending') as PaymentLink;
db.paymentLinks.push({ ...pending, id: staleLinkId, expiresAt: '2026-01-01T00:00:00.000Z' });

/** A customer who never had a pass of `subscriptionId`, so that a new one is unmistakable. */
const customerWithout = (subscriptionId: number, skip = 0): Customer => {
    const holders = new Set(db.passes.filter(pass => pass.subscriptionId === subscriptionId).map(pass => pass.customerId));
    return db.customers.filter(customer => !holders.has(customer.id))[skip];
};

describeInBrowser('money in a browser', () => {
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
        server = await startServer({ distDir: distDir(), db });
        browser = await launchBrowser();
    });

    afterAll(async () => {
        await browser?.close();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    const managerPage = async () => {
        const { page } = await newPage(browser, server.url);
        await signIn(page, 'manager');
        return page;
    };
    const section = (p: Page, name: string) => p.getByRole('region', { name });
    const dialog = (p: Page) => p.getByRole('dialog');
    const choose = async (p: Page, label: string, option: string) => {
        await dialog(p).getByRole('combobox', { name: label }).click();
        await p.getByRole('option', { name: option, exact: true }).click();
    };

    it('a manager finds a customer by phone, sells a plan and sees the pass and the payment on the card', async () => {
        const customer = customerWithout(5);
        const p = await managerPage();
        await p.goto('/customers');
        await p.getByPlaceholder('Search').fill(customer.phone.replace(/\D/g, '').slice(-7));
        await p.getByText('1-1 of 1').waitFor();
        await p.locator('tbody tr').filter({ hasText: customer.lastName }).click();
        await p.waitForURL(`**/customers/${customer.id}`);

        await expect(section(p, 'Passes').innerText()).resolves.not.toMatch(/Unlimited month/);
        await section(p, 'Passes').getByRole('button', { name: 'Sell a plan' }).click();
        await choose(p, 'Plan', 'Unlimited month');
        await dialog(p).getByRole('button', { name: 'Sell a plan' }).click();
        await p.getByText('The pass is sold').waitFor();

        const pass = section(p, 'Passes').locator('tbody tr').filter({ hasText: 'Unlimited month' });
        await expect(pass.innerText()).resolves.toMatch(/Active[\s\S]*Unlimited[\s\S]*9,000/);
        const payment = section(p, 'Payments and refunds').locator('tbody tr').filter({ hasText: 'Unlimited month' });
        await expect(payment.innerText()).resolves.toMatch(/Payment[\s\S]*9,000[\s\S]*Card/);
    });

    it('a link is paid in a fresh browser with no login, the card shows the pass and the online payment, and the link then reads as paid', async () => {
        const customer = customerWithout(4, 1);
        const p = await managerPage();
        await p.goto(`/customers/${customer.id}`);
        await section(p, 'Payment links').getByRole('button', { name: 'Payment link' }).click();
        await choose(p, 'Plan', '12 visits');
        await dialog(p).getByRole('button', { name: 'Create' }).click();
        await p.getByText('The payment link is created').waitFor();
        const row = section(p, 'Payment links').locator('tbody tr').first();
        await expect(row.innerText()).resolves.toMatch(/12 visits[\s\S]*7,200[\s\S]*Pending/);
        const href = (await row.getByRole('link', { name: 'Open' }).getAttribute('href')) as string;
        expect(href).toMatch(/^\/payments\/link\/[A-Za-z0-9_-]{22}$/);

        const { context, page: customerPage } = await newPage(browser, server.url);
        await customerPage.goto(href);
        await customerPage.getByText('Studio Pulse').waitFor();
        await customerPage.getByText(`Hello, ${customer.firstName}!`).waitFor();
        const text = await customerPage.locator('body').innerText();
        expect(text).toMatch(/12 visits/);
        expect(text).toMatch(/7,200/);
        expect(text).not.toContain(customer.lastName);
        expect(text).not.toContain(customer.phone);
        expect(text).not.toMatch(/Customers|Dashboard/);

        await customerPage.getByLabel('Card number').fill('4000 0000 0000 0002');
        await customerPage.getByLabel('Expiry (MM/YY)').fill('12/30');
        await customerPage.getByLabel('CVC').fill('123');
        await customerPage.getByRole('button', { name: /^Pay / }).click();
        await customerPage.getByText('The card was declined. Try another card.').waitFor();
        await customerPage.getByLabel('Card number').fill('4242 4242 4242 4242');
        await customerPage.getByRole('button', { name: /^Pay / }).click();
        await customerPage.getByRole('heading', { name: 'Paid' }).waitFor();
        await context.close();

        await p.reload();
        const pass = section(p, 'Passes').locator('tbody tr').filter({ hasText: '12 visits' });
        await expect(pass.innerText()).resolves.toMatch(/Active[\s\S]*12 \/ 12/);
        const payment = section(p, 'Payments and refunds').locator('tbody tr').filter({ hasText: 'Online' });
        await expect(payment.innerText()).resolves.toMatch(/7,200[\s\S]*Online[\s\S]*12 visits/);
        await expect(section(p, 'Payment links').locator('tbody tr').first().innerText()).resolves.toMatch(/Paid/);

        const again = await newPage(browser, server.url);
        await again.page.goto(href);
        await again.page.getByRole('heading', { name: 'Paid' }).waitFor();
        await expect(again.page.getByLabel('Card number').count()).resolves.toBe(0);
        await again.context.close();
    });

    it('an expired link shows as expired in Russian, with no login', async () => {
        const context = await browser.newContext({ baseURL: server.url, locale: 'ru-RU', viewport: { width: 1000, height: 800 } });
        const p = await context.newPage();
        await p.goto(`/payments/link/${staleLinkId}`);
        await p.getByRole('heading', { name: 'Срок действия ссылки истёк' }).waitFor();
        expect(p.url()).toContain(`/payments/link/${staleLinkId}`);
        await expect(p.getByLabel('Номер карты').count()).resolves.toBe(0);
        await p.goto('/payments/link/no-such-link');
        await p.getByRole('heading', { name: 'Ссылка на оплату не найдена' }).waitFor();
        await context.close();
    });
});
