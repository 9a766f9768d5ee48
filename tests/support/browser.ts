import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { chromiumPath, headlessShellPath } from './globalSetup';
import { demoAccounts, removeDir, startServerProcess, type DemoRole, type RunningServer } from './server';
import { startMailbox, type Mailbox } from './smtp';

export const browserAvailable = existsSync(chromiumPath);

if (!browserAvailable) {
    const message = `\n!!! ${chromiumPath} is missing: the browser tests are SKIPPED. Install it with: apt-get install -y chromium\n`;
    if (process.env.REQUIRE_BROWSER) throw new Error(message);
    console.warn(message);
}

/** describe() when Chromium is there; a loud skip otherwise (a failure under REQUIRE_BROWSER, as in CI). */
export const describeInBrowser = browserAvailable ? describe : describe.skip;

export const distDir = () => {
    const dir = inject('distDir');
    if (!dir) throw new Error('the app was not built for the browser tests (see tests/support/globalSetup.ts)');
    return dir;
};

export const launchBrowser = (): Promise<Browser> =>
    chromium.launch({
        executablePath: headlessShellPath && existsSync(headlessShellPath) ? headlessShellPath : chromiumPath,
        args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-dev-shm-usage',
            '--no-first-run',
        ],
    });

export const newPage = async (browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1360, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    // A full run loads the machine: a dialog's first open may take long, never fail for being slow.
    page.setDefaultTimeout(60_000);
    return { context, page };
};

/** Signs in through the login page, as a person does. */
export const signIn = async (page: Page, role: DemoRole) => {
    await page.goto('/login');
    await page.getByLabel(/email/i).fill(demoAccounts[role].email);
    await page.getByLabel(/password|пароль/i).fill(demoAccounts[role].password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(url => !url.pathname.startsWith('/login'));
};

/**
 * The built app on its own server over a temporary copy of the demo database, and a browser, for the
 * journeys of one describe block: both start before the first journey and stop after the last. `env`
 * gives the server's settings when it starts (a mail server that a hook before this one started).
 */
export const servedApp = (env: () => Record<string, string> = () => ({})) => {
    const app = {} as { server: RunningServer; browser: Browser; page: () => Promise<Page> };
    beforeAll(async () => {
        app.server = await startServerProcess({ distDir: distDir(), env: env() });
        app.browser = await launchBrowser();
    });
    afterAll(async () => {
        await app.browser?.close();
        await app.server?.stop();
        if (app.server) removeDir(app.server.dir);
    });
    app.page = async () => (await newPage(app.browser, app.server.url)).page;
    return app;
};

/**
 * servedApp with a real SMTP server of the journeys' own, started before the app's server and stopped
 * after it, which the app sends its mail to (the messages due sent every 100 ms); `env` adds settings.
 */
export const servedAppWithMail = (env: () => Record<string, string> = () => ({})) => {
    const mail = {} as { mailbox: Mailbox };
    beforeAll(async () => {
        mail.mailbox = await startMailbox();
    });
    afterAll(async () => {
        await mail.mailbox?.stop();
    });
    const app = servedApp(() => ({
        SMTP_URL: mail.mailbox.url,
        MAIL_FROM: 'studio@example.test',
        MESSAGES_EVERY_MS: '100',
        ...env(),
    }));
    // Read when a journey runs: the mailbox starts in the hook above.
    return Object.defineProperty(app, 'mailbox', { get: () => mail.mailbox }) as typeof app & { mailbox: Mailbox };
};

/** The test provider's cards, as a payer types them on its checkout page. */
export const checkoutCards = {
    paid: '4242 4242 4242 4242',
    declined: '4000 0000 0000 0002',
};

/**
 * On a payment link's page: Pay, then on the test provider's checkout page the card, then back on the
 * link's page (what it shows then is the caller's to wait for).
 */
export const payOnTestCheckout = async (page: Page, cardNumber = checkoutCards.paid) => {
    await page.getByRole('button', { name: /^(Pay|Оплатить) / }).click();
    await page.waitForURL('**/payments/test-checkout/**');
    await page.getByLabel(/^(Card number|Номер карты)$/).fill(cardNumber);
    await page.getByLabel(/^(Expiry \(MM\/YY\)|Срок \(ММ\/ГГ\))$/).fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^(Pay|Оплатить) / }).click();
    await page.waitForURL('**/payments/link/**');
};
