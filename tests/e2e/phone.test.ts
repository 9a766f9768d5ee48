import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { addDays, studioToday, weekdayOf } from '../../src/domain/time';
import type { Database, PaymentLink, Schedule, StudioEvent } from '../../src/domain/types';
import { addCustomer, addPass, nextId } from '../support/factories';
import { describeInBrowser, distDir, launchBrowser, signIn } from '../support/browser';
import { demoDb, removeDir, root, startServerProcess, type RunningServer } from '../support/server';

/*
 * A teacher marks attendance on their phone, in class: today's class opens from the Classes list, the
 * roster is one compact row per person with one button to tap, big enough for a finger, and nothing is
 * wider than the screen. On a phone the app bar leaves the page's title in view, and the payment page's
 * card fields bring up the number pad. Screenshots are kept in tests/e2e/artifacts.
 */

const artifacts = join(root, 'tests/e2e/artifacts');
const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const today = studioToday(db.configs[0].timezone, new Date());
const anna = db.users.find(user => user.email === 'anna@studio.test')?.id as number;
const createdAt = new Date().toISOString();

const pupil = (lastName: string) => {
    const customer = addCustomer(db, { firstName: 'Phone', lastName, phone: '+7 900 555-22-33' });
    addPass(db, {
        customerId: customer.id,
        subscriptionId: 3,
        name: '8 visits',
        price: 5200,
        startsOn: addDays(today, -10),
        endsOn: addDays(today, 20),
    });
    return customer;
};
const pupils = [pupil('Alpha'), pupil('Beta'), pupil('Gamma')];

const group: Schedule = {
    id: nextId(db.schedules),
    title: 'E2E phone group',
    courseId: 1,
    teacherId: anna,
    studioId: 3,
    slots: [{ weekday: weekdayOf(today), startTime: '05:20', durationMinutes: 30 }],
    startsOn: addDays(today, -30),
    endsOn: null,
    capacity: 10,
    bookable: true,
    customerIds: pupils.map(customer => customer.id),
    active: true,
    createdAt,
};
db.schedules.push(group);
const todays: StudioEvent = {
    id: nextId(db.events),
    scheduleId: group.id,
    title: 'E2E phone class',
    courseId: 1,
    teacherId: anna,
    studioId: 3,
    startsAt: `${today}T05:20`,
    durationMinutes: 30,
    capacity: 10,
    bookable: true,
    status: 'planned',
    notes: null,
    createdAt,
};
db.events.push(todays);

// A class of Anna's that began at midnight today (so it has started whenever the test runs), of a course
// she is paid 1,200 per class held, for the phone group.
const closing: StudioEvent = {
    ...todays,
    id: nextId(db.events),
    title: 'E2E closing class',
    courseId: 2,
    startsAt: `${today}T00:00`,
};
db.events.push(closing);
db.users = db.users.map(user =>
    user.id === anna
        ? { ...user, pay: [...user.pay, { ...user.pay[0], kind: 'per_event', amount: 1200, courseId: 2 }] }
        : user,
);

/** A customer whose name is longer than a phone's app bar has room for. */
const longName = addCustomer(db, {
    firstName: 'Александра-Валентина',
    lastName: 'Константинопольская',
    phone: '+7 900 555-44-11',
});

/** A pending link, years from expiring, for the public payment page. */
const linkId = 'e2e-phone-link-000000000';
const pendingLink = db.paymentLinks.find(link => link.status === 'pending') as PaymentLink;
db.paymentLinks.push({ ...pendingLink, id: linkId, expiresAt: '2030-11-25T15:00:00.000Z' });

const phonePage = async (browser: Browser, baseURL: string) => {
    const context = await browser.newContext({
        baseURL,
        viewport: { width: 390, height: 844 },
        locale: 'en-US',
        hasTouch: true,
        isMobile: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return { context, page };
};

const boxOf = async (locator: Locator) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not shown');
    return box;
};

/** The page's title and the app bar's language switch share no pixel, and the title stays in the phone's width. */
const expectTitleClear = async (page: Page, switchName: string | RegExp) => {
    const title = await boxOf(page.locator('#react-admin-title'));
    const language = await boxOf(page.getByRole('button', { name: switchName }));
    expect(title.width, 'the title has room').toBeGreaterThan(100);
    expect(title.x + title.width, 'the title ends before the language switch').toBeLessThanOrEqual(language.x);
    // What the title holds is cut at its own box, with an ellipsis, not drawn under the buttons.
    const inner = await boxOf(page.locator('#react-admin-title > *').first());
    expect(inner.x + inner.width).toBeLessThanOrEqual(title.x + title.width + 0.5);
};

describeInBrowser('a teacher’s phone', () => {
    let server: RunningServer;
    let browser: Browser;

    beforeAll(async () => {
        mkdirSync(artifacts, { recursive: true });
        server = await startServerProcess({ distDir: distDir(), db });
        browser = await launchBrowser();
    });

    afterAll(async () => {
        await browser?.close();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    it('at 390x844 a teacher opens today’s class and marks three people with one tap each', async () => {
        const context = await browser.newContext({
            baseURL: server.url,
            viewport: { width: 390, height: 844 },
            locale: 'en-US',
            hasTouch: true,
            isMobile: true,
        });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await signIn(page, 'teacher');
        await page.goto('/events');
        await page.getByText('E2E phone class').first().click();
        await page.waitForURL(`**/events/${todays.id}`);

        const rows = page.getByTestId('roster-row');
        await expect.poll(() => rows.count()).toBe(3);
        for (const customer of pupils) {
            const mark = page.getByRole('button', { name: `Mark ${customer.lastName} Phone: Attended` });
            const box = await mark.boundingBox();
            expect(box?.height, 'a finger-sized button').toBeGreaterThanOrEqual(48);
            await mark.click();
            await expect.poll(() => mark.getAttribute('aria-pressed')).toBe('true');
            await rows
                .filter({ hasText: `${customer.lastName} Phone` })
                .getByText(/7 visits left/)
                .waitFor();
        }
        // One row per person (the roster sorts by last name), not the table's stacked buttons, and the page no wider than the phone.
        const heights = await rows.evaluateAll(elements =>
            elements.map(element => element.getBoundingClientRect().height),
        );
        for (const height of heights) expect(height).toBeLessThanOrEqual(100);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
            0,
        );
        // The other marks are one tap away, in the menu.
        await page.getByRole('button', { name: 'Other marks for Alpha Phone' }).click();
        await page.getByRole('menuitem', { name: 'Late' }).click();
        await expect
            .poll(() => page.getByRole('button', { name: 'Mark Alpha Phone: Late' }).getAttribute('aria-pressed'))
            .toBe('true');
        await page.screenshot({ path: join(artifacts, 'phone-roster.png'), fullPage: true });
        await context.close();
    });

    it('at 390x844 a teacher closes her class once it has started, and her pay per class counts it', async () => {
        const { context, page } = await phonePage(browser, server.url);
        await signIn(page, 'teacher');
        const card = page.getByTestId('pay-row').filter({ has: page.locator(`a[href="/events/${closing.id}"]`) });

        // Before: the pay page shows the class open, paying nothing yet, one card per class within the screen.
        await page.goto('/attendances/me');
        await card.getByTestId('pay-open-class').waitFor();
        await expect.poll(() => card.textContent()).toMatch(/RUB\s0\.00/);
        await page.getByTestId('pay-open-classes').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
            0,
        );
        const box = await card.boundingBox();
        expect(box?.height, 'a compact card, not a stretched table row').toBeLessThanOrEqual(160);

        // In class: she marks her pupil and closes the class with one tap.
        await card.locator(`a[href="/events/${closing.id}"]`).click();
        await page.waitForURL(`**/events/${closing.id}`);
        await page.getByRole('button', { name: 'Mark Alpha Phone: Attended' }).click();
        await expect
            .poll(() => page.getByRole('button', { name: 'Mark Alpha Phone: Attended' }).getAttribute('aria-pressed'))
            .toBe('true');
        const close = page.getByRole('button', { name: 'Close the class' });
        expect((await close.boundingBox())?.width ?? 0).toBeLessThanOrEqual(390);
        await close.click();
        await page.getByText('The class is closed: it counts as held.').waitFor();
        await expect.poll(() => page.getByTestId('event-status').textContent()).toBe('Closed');
        await expect(page.getByRole('button', { name: 'Close the class' }).count()).resolves.toBe(0);
        // Only staff reopen a class.
        await expect(page.getByRole('button', { name: 'Reopen the class' }).count()).resolves.toBe(0);
        await page.screenshot({ path: join(artifacts, 'phone-closed-class.png'), fullPage: true });

        // After: the class pays 1,200 on her pay page.
        await page.goto('/attendances/me');
        await expect.poll(() => card.textContent()).toMatch(/RUB\s1,200\.00/);
        await expect(card.getByTestId('pay-open-class').count()).resolves.toBe(0);
        await page.screenshot({ path: join(artifacts, 'phone-pay.png'), fullPage: true });
        await context.close();
    });

    it.each([
        ['en', 'Language: English', 'Русский', 'Язык: Русский'],
        ['ru', 'Язык: Русский', 'English', 'Language: English'],
    ] as const)(
        'at 390 px in %s the language switch is an icon that leaves the page title in view',
        async (locale, switchName, other, otherName) => {
            const { context, page } = await phonePage(browser, server.url);
            await page.goto('/login');
            await page.evaluate(chosen => localStorage.setItem('RaStore.locale', JSON.stringify(chosen)), locale);
            await signIn(page, 'admin');
            await page.goto(`/customers/${longName.id}`);
            await page.locator('#react-admin-title').getByText('Константинопольская').waitFor();
            await expectTitleClear(page, switchName);
            await page.screenshot({ path: join(artifacts, `phone-title-${locale}.png`) });
            await page.goto(`/events/${todays.id}`);
            await page.locator('#react-admin-title').getByText(today.split('-')[0]).waitFor();
            await expectTitleClear(page, switchName);
            // The icon's menu names the languages and switches.
            await page.getByRole('button', { name: switchName }).click();
            await page.getByRole('menuitem', { name: other }).click();
            await page.getByRole('button', { name: otherName }).waitFor();
            await expectTitleClear(page, otherName);
            await context.close();
        },
    );

    it("at 390 px the provider's card fields bring up the number pad, and the card number is grouped in fours as typed", async () => {
        const { context, page } = await phonePage(browser, server.url);
        await page.goto(`/payments/link/${linkId}`);
        await page.getByRole('button', { name: /^Pay / }).click();
        await page.waitForURL('**/payments/test-checkout/**');
        const fields = {
            'Card number': 'cc-number',
            'Expiry (MM/YY)': 'cc-exp',
            CVC: 'cc-csc',
        };
        for (const [label, autocomplete] of Object.entries(fields)) {
            const input = page.getByLabel(label, { exact: true });
            await expect(input.getAttribute('inputmode'), label).resolves.toBe('numeric');
            await expect(input.getAttribute('autocomplete'), label).resolves.toBe(autocomplete);
        }
        const number = page.getByLabel('Card number', { exact: true });
        await number.pressSequentially('424242424242');
        await expect(number.inputValue()).resolves.toBe('4242 4242 4242');
        await number.pressSequentially('4242');
        await expect(number.inputValue()).resolves.toBe('4242 4242 4242 4242');
        await page.getByLabel('Expiry (MM/YY)', { exact: true }).pressSequentially('1230');
        await page.getByLabel('CVC', { exact: true }).pressSequentially('123');
        await page.screenshot({ path: join(artifacts, 'phone-card.png') });
        // The grouped number pays as its digits: back on the studio's page, paid.
        await page.getByRole('button', { name: /^Pay / }).click();
        await page.waitForURL('**/payments/link/**');
        await page.getByRole('heading', { name: 'Paid' }).waitFor();
        await context.close();
    });
});
