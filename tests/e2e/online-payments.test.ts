import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { PaymentLink } from '../../src/domain/types';
import { checkoutCards, describeInBrowser, payOnTestCheckout, servedApp, signIn } from '../support/browser';
import { call, login, root } from '../support/server';

/*
 * Paying a link online, as a customer does on a phone with the built-in test provider: the studio's page,
 * the provider's checkout page, and back to the studio's page, which says "processing" until the
 * provider's notice is in, then paid; then the manager finds the payment, the pass and the attempt on the
 * customer's card. The provider's notice comes 4 s after the card here (as a real one may), so that the
 * page is seen waiting for it. Screenshots are kept in tests/e2e/artifacts.
 */

const artifacts = join(root, 'tests/e2e/artifacts');

const phone = async (browser: Browser, baseURL: string, locale: 'en-US' | 'ru-RU') => {
    const context = await browser.newContext({
        baseURL,
        viewport: { width: 390, height: 844 },
        locale,
        hasTouch: true,
        isMobile: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return { context, page };
};

describeInBrowser('a payment link paid on the provider page', () => {
    const app = servedApp(() => ({ TEST_PROVIDER_NOTICE_DELAY_MS: '4000' }));

    /** A link a manager made for customer `customerId`, through the API. */
    const newLink = async (customerId: number, subscriptionId: number) => {
        const token = await login(app.server.url, 'manager');
        const made = await call(app.server.url, '/api/paymentLinks', {
            method: 'POST',
            token,
            json: { customerId, subscriptionId },
        });
        expect(made.status).toBe(201);
        return made.body as unknown as PaymentLink;
    };

    it('a customer on a phone pays on the provider page, comes back to "processing", then "paid"; the manager sees the payment and the pass', async () => {
        mkdirSync(artifacts, { recursive: true });
        const link = await newLink(31, 2);
        const { context, page } = await phone(app.browser, app.server.url, 'ru-RU');
        await page.goto(`/payments/link/${link.id}`);
        await page.getByRole('button', { name: /^Оплатить / }).waitFor();
        await page.getByText('Тестовая оплата: деньги не списываются.', { exact: false }).waitFor();
        await page.screenshot({ path: join(artifacts, 'online-payment-link-ru.png') });

        // A declined card: back on the studio's page, told why, and Pay again.
        await payOnTestCheckout(page, checkoutCards.declined);
        await page.getByText('На карте недостаточно средств. Попробуйте другую карту.').waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: /^Оплатить / }).click();
        await page.waitForURL('**/payments/test-checkout/**');
        await page.getByText('Тестовые карты', { exact: false }).waitFor();
        await page.screenshot({ path: join(artifacts, 'online-payment-checkout-ru.png') });
        await page.getByLabel('Номер карты').fill(checkoutCards.paid);
        await page.getByLabel('Срок (ММ/ГГ)').fill('12/30');
        await page.getByLabel('CVC').fill('123');
        await page.getByRole('button', { name: /^Оплатить / }).click();
        await page.waitForURL('**/payments/link/**');
        expect(new URL(page.url()).searchParams.get('attempt')).toMatch(/^[0-9a-f]{32}$/);

        // The provider's notice is not in yet: the page says so, and waits for it by itself.
        await page.getByText('Проверяем оплату…').waitFor();
        await page.screenshot({ path: join(artifacts, 'online-payment-processing-ru.png') });
        await page.getByRole('heading', { name: 'Оплачено' }).waitFor({ timeout: 20_000 });
        await expect(page.getByText('Проверяем оплату…').count()).resolves.toBe(0);
        await page.screenshot({ path: join(artifacts, 'online-payment-paid-ru.png') });
        await context.close();

        const manager = await app.page();
        await signIn(manager, 'manager');
        await manager.goto(`/customers/${link.customerId}`);
        const section = (name: string) => manager.getByRole('region', { name });
        const payment = section('Payments and refunds').locator('tbody tr').filter({ hasText: 'Online' }).first();
        await expect.poll(() => payment.innerText()).toMatch(/Online[\s\S]*Online, by the customer/);
        const attempts = section('Online payments').locator('tbody tr');
        await expect.poll(() => attempts.count()).toBe(2);
        await expect(attempts.nth(0).innerText()).resolves.toMatch(/Paid/);
        await expect(attempts.nth(1).innerText()).resolves.toMatch(/Declined[\s\S]*not enough money on the card/);
        await expect.poll(() => section('Payment links').locator('tbody tr').first().innerText()).toMatch(/Paid/);
        const passes = await call(
            app.server.url,
            `/api/passes?filter=${encodeURIComponent(JSON.stringify({ customerId: link.customerId }))}`,
            {
                token: await login(app.server.url, 'manager'),
            },
        );
        const paidLink = await call(app.server.url, `/api/paymentLinks/${link.id}`, {
            token: await login(app.server.url, 'manager'),
        });
        expect((passes.body as unknown as { id: number }[]).map(pass => pass.id)).toContain(paidLink.body.passId);
        await manager.screenshot({ path: join(artifacts, 'online-payment-manager.png'), fullPage: true });
    });
});
