import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { passForSale } from '../../src/domain/money';
import { addDays, studioToday } from '../../src/domain/time';
import type { Customer, Database, Pass, Payment, PaymentLink, Subscription } from '../../src/domain/types';
import {
    checkoutCards,
    describeInBrowser,
    distDir,
    launchBrowser,
    newPage,
    payOnTestCheckout,
    signIn,
} from '../support/browser';
import { demoDb, removeDir, startServerProcess, type RunningServer } from '../support/server';

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
/** A link still stored as pending whose expiry has passed: it must read as expired. */
const staleLinkId = 'e2e-stale-link-000000000';
const pending = db.paymentLinks.find(link => link.status === 'pending') as PaymentLink;
db.paymentLinks.push({ ...pending, id: staleLinkId, expiresAt: '2026-01-01T00:00:00.000Z' });
/** A pending link years from expiring (the demo's own expire days after the day it was made for). */
const openLinkId = 'e2eOpenLink00000000000';
db.paymentLinks.push({ ...pending, id: openLinkId, expiresAt: '2030-11-25T15:00:00.000Z' });

/** A customer who never had a pass of `subscriptionId`, so that a new one is unmistakable. */
const customerWithout = (subscriptionId: number, skip = 0): Customer => {
    const holders = new Set(
        db.passes.filter(pass => pass.subscriptionId === subscriptionId).map(pass => pass.customerId),
    );
    return db.customers.filter(customer => !holders.has(customer.id))[skip];
};

const today = studioToday(db.configs[0].timezone, new Date());
/** Gives a customer a pass of `plan` starting today, paid in cash (in full, or `paid`), as if sold at the desk. */
const givePass = (customer: Customer, planId: number, paid?: number): Pass => {
    const plan = db.subscriptions.find(candidate => candidate.id === planId) as Subscription;
    const pass: Pass = {
        id: Math.max(...db.passes.map(other => other.id)) + 1,
        createdAt: new Date().toISOString(),
        ...passForSale(plan, customer.id, today),
    };
    const payment: Payment = {
        id: Math.max(...db.payments.map(other => other.id)) + 1,
        customerId: customer.id,
        kind: 'payment',
        amount: paid ?? plan.price,
        method: 'cash',
        passId: pass.id,
        paymentLinkId: null,
        paidAt: new Date().toISOString(),
        note: null,
        createdBy: db.users[0].id,
        createdAt: new Date().toISOString(),
    };
    pass.paymentId = payment.id;
    db.passes.push(pass);
    db.payments.push(payment);
    return pass;
};
const freezer = customerWithout(7, 2);
const freezerPass = givePass(freezer, 7);
const refunded = customerWithout(8, 3);
givePass(refunded, 8);
const partlyRefunded = customerWithout(8, 4);
givePass(partlyRefunded, 8);
const owing = customerWithout(3, 6);
const owingPass = givePass(owing, 3, 2000);
const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

describeInBrowser('money in a browser', () => {
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
        server = await startServerProcess({ distDir: distDir(), db });
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
    const choose = async (p: Page, label: string, option: string | RegExp) => {
        await dialog(p).getByRole('combobox', { name: label }).click();
        await p.getByRole('option', { name: option, exact: true }).click();
    };

    it('a manager finds a customer by phone, sells a plan and sees the pass and the payment on the card', async () => {
        const customer = customerWithout(5);
        const p = await managerPage();
        await p.goto('/customers');
        await p.getByPlaceholder('Search').fill(customer.phone!.replace(/\D/g, '').slice(-7));
        await p.getByText('1-1 of 1').waitFor();
        await p.locator('tbody tr').filter({ hasText: customer.lastName }).click();
        await p.waitForURL(`**/customers/${customer.id}`);

        await expect(section(p, 'Passes').innerText()).resolves.not.toMatch(/Безлимит на месяц/);
        await section(p, 'Passes').getByRole('button', { name: 'Sell a plan' }).click();
        // The sell dialog names each plan with its terms, so that nobody has to look them up.
        await choose(p, 'Plan', /^Безлимит на месяц · RUB 9,000\.00 · unlimited visits · 30 days$/);
        await dialog(p).getByRole('button', { name: 'Sell a plan' }).click();
        await p.getByText('The pass is sold').waitFor();

        const pass = section(p, 'Passes').locator('tbody tr').filter({ hasText: 'Безлимит на месяц' });
        await expect(pass.innerText()).resolves.toMatch(/Active[\s\S]*Unlimited[\s\S]*9,000/);
        const payment = section(p, 'Payments and refunds').locator('tbody tr').filter({ hasText: 'Безлимит на месяц' });
        await expect(payment.innerText()).resolves.toMatch(/Payment[\s\S]*9,000[\s\S]*Card/);
    });

    it('a link is paid in a fresh browser with no login, the card shows the pass and the online payment, and the link then reads as paid', async () => {
        const customer = customerWithout(4, 1);
        const p = await managerPage();
        await p.goto(`/customers/${customer.id}`);
        await section(p, 'Payment links').getByRole('button', { name: 'Payment link' }).click();
        // Each plan with its price, as the sell dialog offers them.
        await choose(p, 'Plan', /^12 занятий · RUB 7,200\.00 · 12 visits · 60 days$/);
        await dialog(p).getByRole('button', { name: 'Create' }).click();
        await p.getByText('The payment link is created').waitFor();
        const row = section(p, 'Payment links').locator('tbody tr').first();
        await expect(row.innerText()).resolves.toMatch(/12 занятий[\s\S]*7,200[\s\S]*Pending/);
        const href = (await row.getByRole('link', { name: 'Open' }).getAttribute('href')) as string;
        expect(href).toMatch(new RegExp(`^${server.url}/payments/link/[A-Za-z0-9_-]{22}$`));

        const { context, page: customerPage } = await newPage(browser, server.url);
        await customerPage.goto(href);
        await customerPage.getByText('Студия «Пульс»').waitFor();
        await customerPage.getByText(`Hello, ${customer.firstName}!`).waitFor();
        const text = await customerPage.locator('body').innerText();
        expect(text).toMatch(/12 занятий/);
        expect(text).toMatch(/7,200/);
        expect(text).not.toContain(customer.lastName);
        expect(text).not.toContain(customer.phone);
        expect(text).not.toMatch(/Customers|Dashboard/);

        // The card is typed on the provider's page: a declined one brings the payer back to try again.
        await payOnTestCheckout(customerPage, checkoutCards.declined);
        await customerPage.getByText('The card has not enough money. Try another card.').waitFor();
        await payOnTestCheckout(customerPage);
        await customerPage.getByRole('heading', { name: 'Paid' }).waitFor();
        await context.close();

        await p.reload();
        const pass = section(p, 'Passes').locator('tbody tr').filter({ hasText: '12 занятий' });
        // Each row's references (the pass a payment paid for) come after the row: read them once there.
        await expect.poll(() => pass.innerText()).toMatch(/Active[\s\S]*12 \/ 12/);
        const payment = section(p, 'Payments and refunds').locator('tbody tr').filter({ hasText: 'Online' });
        await expect.poll(() => payment.innerText()).toMatch(/7,200[\s\S]*Online[\s\S]*12 занятий/);
        await expect.poll(() => section(p, 'Payment links').locator('tbody tr').first().innerText()).toMatch(/Paid/);

        const again = await newPage(browser, server.url);
        await again.page.goto(href);
        await again.page.getByRole('heading', { name: 'Paid' }).waitFor();
        await expect(again.page.getByRole('button', { name: /^Pay / }).count()).resolves.toBe(0);
        await again.context.close();
    });

    it('a manager sends a link for the rest of a pass, the customer pays it with no login, and the card shows nothing owed and the payment online, by the customer', async () => {
        const p = await managerPage();
        await p.goto(`/customers/${owing.id}`);
        const row = section(p, 'Passes').locator('tbody tr').filter({ hasText: owingPass.name });
        await row.getByText('paid RUB 2,000.00 · due RUB 3,200.00').waitFor();
        await p.getByTestId('customer-owed').waitFor();
        await row.getByRole('button', { name: 'Pay the rest online', exact: true }).click();
        await dialog(p).getByText(`Due on ${owingPass.name}: RUB 3,200.00`).waitFor();
        await expect(dialog(p).getByLabel('Amount').inputValue()).resolves.toBe('3200');
        await dialog(p).getByRole('button', { name: 'Create' }).click();
        await p.getByText('The payment link is created').waitFor();
        const link = section(p, 'Payment links').locator('tbody tr').first();
        await expect
            .poll(() => link.innerText())
            .toMatch(new RegExp(`The rest for ${owingPass.name}[\\s\\S]*3,200[\\s\\S]*Pending`));
        const href = (await link.getByRole('link', { name: 'Open' }).getAttribute('href')) as string;

        const { context, page: customerPage } = await newPage(browser, server.url);
        await customerPage.goto(href);
        await customerPage.getByText(`Hello, ${owing.firstName}!`).waitFor();
        const text = await customerPage.locator('body').innerText();
        expect(text).toContain(`The rest for ${owingPass.name}`);
        expect(text).toMatch(/3,200/);
        await payOnTestCheckout(customerPage);
        await customerPage.getByRole('heading', { name: 'Paid' }).waitFor();
        await context.close();

        await p.reload();
        await expect.poll(() => link.innerText()).toMatch(/Paid/);
        await expect.poll(() => row.getByTestId('pass-balance').count()).toBe(0);
        await expect(row.getByRole('button', { name: 'Pay the rest', exact: true }).count()).resolves.toBe(0);
        await expect(p.getByTestId('customer-owed').count()).resolves.toBe(0);
        const payment = section(p, 'Payments and refunds').locator('tbody tr').filter({ hasText: 'Online' });
        await expect
            .poll(() => payment.innerText())
            .toMatch(new RegExp(`3,200[\\s\\S]*Online[\\s\\S]*${owingPass.name}[\\s\\S]*Online, by the customer`));
        // The passes the customer had, and no new one.
        await expect(
            section(p, 'Passes').locator('tbody tr').filter({ hasText: owingPass.name }).count(),
        ).resolves.toBe(db.passes.filter(pass => pass.customerId === owing.id && pass.name === owingPass.name).length);
    });

    it('a manager freezes a pass for three days and sees its end date move by three days', async () => {
        const p = await managerPage();
        await p.goto(`/customers/${freezer.id}`);
        const row = section(p, 'Passes').locator('tbody tr').filter({ hasText: 'Йога 8 занятий' });
        await expect(row.innerText()).resolves.toContain(usDate(freezerPass.endsOn));
        await row.getByRole('button', { name: 'Freeze' }).click();
        await dialog(p).getByText('This plan may be frozen for up to 7 days').waitFor();
        await dialog(p).getByLabel('Frozen until').fill(addDays(today, 2));
        await dialog(p).getByRole('button', { name: 'Freeze' }).click();
        await p.getByText('The pass is frozen').waitFor();
        await row.getByText(usDate(addDays(freezerPass.endsOn, 3))).waitFor();
        await expect(row.innerText()).resolves.toMatch(/Frozen[\s\S]*Freeze/);
        await expect(row.getByRole('button', { name: 'Freeze', exact: true }).count()).resolves.toBe(0);
        await row.getByRole('button', { name: 'Unfreeze' }).waitFor();
    });

    it('a manager refunds a pass, cancelling it, and sees the refund and the cancelled pass on the card', async () => {
        const p = await managerPage();
        await p.goto(`/customers/${refunded.id}`);
        const row = section(p, 'Passes').locator('tbody tr').filter({ hasText: 'Стретчинг 10 занятий' });
        await expect(row.innerText()).resolves.toMatch(/Active/);
        await row.getByRole('button', { name: 'Refund' }).click();
        await expect(dialog(p).getByLabel('Amount').inputValue()).resolves.toBe('6000');
        await dialog(p).getByLabel('Cancel the pass').check();
        await dialog(p).getByRole('button', { name: 'Refund' }).click();
        await p.getByText('The refund is recorded').waitFor();
        await row.getByText('Cancelled').waitFor();
        await expect(row.getByRole('button', { name: 'Refund' }).count()).resolves.toBe(0);
        const refund = section(p, 'Payments and refunds').locator('tbody tr').filter({ hasText: 'Refund' });
        await expect(refund.innerText()).resolves.toMatch(
            /Refund[\s\S]*−[\s\S]*6,000[\s\S]*Cash[\s\S]*Стретчинг 10 занятий/,
        );
    });

    it('a part refund of a pass that stays open says so before the click and leaves nothing owed', async () => {
        const p = await managerPage();
        await p.goto(`/customers/${partlyRefunded.id}`);
        const row = section(p, 'Passes').locator('tbody tr').filter({ hasText: 'Стретчинг 10 занятий' });
        await row.getByRole('button', { name: 'Refund' }).click();
        await dialog(p).getByLabel('Amount').fill('1000');
        await dialog(p)
            .getByText(
                /^Gives back RUB 1,000\.00 \(cash\)\. The pass stays open with its visits; nothing becomes owed\.$/,
            )
            .waitFor();
        await dialog(p).getByRole('button', { name: 'Refund' }).click();
        await p.getByText('The refund is recorded').waitFor();
        await row.getByText('refunded RUB 1,000.00').waitFor();
        await expect(row.innerText()).resolves.toMatch(/Active/);
        await expect(row.getByRole('button', { name: 'Pay the rest', exact: true }).count()).resolves.toBe(0);
        await expect(p.getByText(/^Owed/).count()).resolves.toBe(0);
    });

    it('copying a link gives the full address, and shows it to copy by hand when the browser refuses', async () => {
        const link = db.paymentLinks.find(candidate => candidate.id === openLinkId) as PaymentLink;
        const { context, page: p } = await newPage(browser, server.url);
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
        await signIn(p, 'manager');
        await p.goto(`/customers/${link.customerId}`);
        const row = section(p, 'Payment links').locator('tbody tr').filter({ hasText: 'Pending' }).first();
        await row.getByRole('button', { name: 'Copy link' }).click();
        await p.getByText('The link is copied').waitFor();
        const copied = await p.evaluate(() => navigator.clipboard.readText());
        expect(copied).toMatch(new RegExp(`^${server.url}/payments/link/[A-Za-z0-9_-]{22}$`));

        await p.evaluate(() =>
            Object.defineProperty(navigator, 'clipboard', {
                value: { writeText: () => Promise.reject(new Error('denied')) },
            }),
        );
        await row.getByRole('button', { name: 'Copy link' }).click();
        await expect(dialog(p).getByRole('textbox', { name: 'Link to the payment page' }).inputValue()).resolves.toBe(
            copied,
        );
        await context.close();
    });

    it('an expired link shows as expired in Russian, with no login', async () => {
        const context = await browser.newContext({
            baseURL: server.url,
            locale: 'ru-RU',
            viewport: { width: 1000, height: 800 },
        });
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
