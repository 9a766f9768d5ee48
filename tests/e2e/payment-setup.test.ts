import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Database, PaymentLink } from '../../src/domain/types';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { demoDb, removeDir, startServerProcess, type RunningServer } from '../support/server';

/*
 * A studio deployed on a public address without a payment provider: its payment page says the link
 * cannot be paid online yet and offers no card form, and the settings tell the admin why.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
/** A pending link years from expiring (the demo's own expire days after the day it was made for). */
const pending = {
    ...(db.paymentLinks.find(link => link.status === 'pending') as PaymentLink),
    id: 'e2e-unpaid-link-00000000',
    expiresAt: '2030-11-25T15:00:00.000Z',
};
db.paymentLinks.push(pending);

describeInBrowser('payments on a public address with no provider, in a browser', () => {
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
        server = await startServerProcess({
            db,
            distDir: distDir(),
            env: { PUBLIC_URL: 'https://studio.example.com' },
        });
        browser = await launchBrowser();
    });

    afterAll(async () => {
        await browser?.close();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    it('the payment page takes no card and says online payment is not available yet', async () => {
        const { page } = await newPage(browser, server.url);
        await page.goto(`/payments/link/${pending.id}`);
        await page.getByText(/Online payment is not available yet|Онлайн-оплата пока недоступна/).waitFor();
        await expect(page.getByRole('textbox', { name: /Card number|Номер карты/ }).count()).resolves.toBe(0);
    });

    it('the settings tell the admin that links cannot be paid until a provider is chosen', async () => {
        const { page } = await newPage(browser, server.url);
        await signIn(page, 'admin');
        await page.goto('/configs');
        await page
            .getByTestId('payment-setup')
            .getByText(/^Online payments are off: the server is on a public address/)
            .waitFor();
    });

    it('an admin is told on the first page after signing in, with the way to the settings; a manager is not', async () => {
        const { page } = await newPage(browser, server.url);
        await signIn(page, 'admin');
        const warning = page.getByTestId('payment-setup');
        await warning.getByText(/^Online payments are off/).waitFor();
        await warning.getByRole('link', { name: 'General settings' }).click();
        await page.waitForURL('**/configs');

        const manager = (await newPage(browser, server.url)).page;
        await signIn(manager, 'manager');
        await manager.getByText('Classes today').waitFor();
        await expect(manager.getByTestId('payment-setup').count()).resolves.toBe(0);
    });
});
