import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatDateTime } from '../../src/app/i18n/dates';
import { studioToday } from '../../src/domain/time';
import type { Attendance, Database, PaymentLink, StudioEvent } from '../../src/domain/types';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { demoDb, removeDir, startServerProcess, type RunningServer } from '../support/server';

/*
 * Money at the desk in a browser: a plan sold with a part payment leaves the rest owed, on the card and
 * in the list; the rest is paid later; and a visit marked earlier without a pass is settled by the pass.
 */

const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
const today = studioToday(db.configs[0].timezone, new Date());

/** A customer with no pass and no visit at all, so that whatever the journey shows is its own doing. */
const customer = (() => {
    const busy = new Set([...db.passes.map(pass => pass.customerId), ...db.attendances.map(mark => mark.customerId)]);
    return db.customers.filter(candidate => !busy.has(candidate.id))[0];
})();

/** A yoga class today the customer attended with no pass: a debt, as the server would have saved it. */
const debtClass: StudioEvent = {
    id: Math.max(...db.events.map(event => event.id)) + 1,
    scheduleId: null,
    title: 'Debt class',
    courseId: 1,
    teacherId: 3,
    studioId: 1,
    startsAt: `${today}T06:00`,
    durationMinutes: 60,
    capacity: 10,
    bookable: true,
    status: 'planned',
    notes: null,
    createdAt: new Date().toISOString(),
};
const debt: Attendance = {
    id: Math.max(...db.attendances.map(mark => mark.id)) + 1,
    eventId: debtClass.id,
    customerId: customer.id,
    status: 'attended',
    passId: null,
    charged: false,
    unpaid: true,
    markedBy: 3,
    createdAt: new Date().toISOString(),
};
db.events.push(debtClass);
db.attendances.push(debt);

/** A pending link expiring at 18:00 in Moscow, years from now, for the public page. */
const linkId = 'e2e-desk-link-0000000000';
const pendingLink = db.paymentLinks.find(link => link.status === 'pending') as PaymentLink;
db.paymentLinks.push({ ...pendingLink, id: linkId, expiresAt: '2030-11-25T15:00:00.000Z' });

describeInBrowser('money at the desk in a browser', () => {
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

    const section = (p: Page, name: string) => p.getByRole('region', { name });
    const dialog = (p: Page) => p.getByRole('dialog');

    it('a manager sells with a part payment, sees what is owed on the card and in the list, pays the rest and settles a debt', async () => {
        const { page: p } = await newPage(browser, server.url);
        await signIn(p, 'manager');
        await p.goto(`/customers/${customer.id}`);
        await p.getByText('1 unpaid visit').waitFor();

        await section(p, 'Passes').getByRole('button', { name: 'Sell a plan' }).click();
        await dialog(p).getByRole('combobox', { name: 'Plan' }).click();
        await p.getByRole('option', { name: '8 занятий · RUB 5,200.00 · 8 visits · 35 days', exact: true }).click();
        await dialog(p).getByLabel('Amount paid').fill('2000');
        await dialog(p).getByRole('button', { name: 'Sell a plan' }).click();
        await p.getByText('The pass is sold').waitFor();

        // The new pass covers the class marked without a pass: the card offers to settle it; not now.
        await dialog(p).getByRole('heading', { name: 'Settle unpaid visits' }).waitFor();
        await dialog(p)
            .getByText(`${formatDateTime(`${today}T06:00`, 'en')} · Debt class`)
            .waitFor();
        await dialog(p).getByRole('button', { name: 'Skip' }).click();
        await dialog(p).waitFor({ state: 'detached' });

        const pass = section(p, 'Passes').locator('tbody tr').filter({ hasText: '8 занятий' });
        await expect(pass.innerText()).resolves.toMatch(/5,200[\s\S]*paid RUB 2,000\.00 · due RUB 3,200\.00/);
        await expect(p.getByTestId('customer-owed').innerText()).resolves.toBe('Owed RUB 3,200.00');

        await p.goto('/customers');
        await p.getByPlaceholder('Search').fill(customer.lastName);
        const listed = p.locator('tbody tr').filter({ hasText: customer.firstName });
        await listed.getByText('RUB 3,200.00').waitFor();
        await listed.click();
        await p.waitForURL(`**/customers/${customer.id}`);

        await pass.getByRole('button', { name: 'Pay the rest', exact: true }).click();
        await dialog(p).getByText('Due on 8 занятий: RUB 3,200.00').waitFor();
        await expect(dialog(p).getByLabel('Amount paid').inputValue()).resolves.toBe('3200');
        await dialog(p).getByRole('button', { name: 'Pay the rest', exact: true }).click();
        await p.getByText('The payment is recorded').waitFor();
        await pass.getByRole('button', { name: 'Pay the rest', exact: true }).waitFor({ state: 'detached' });
        await p.getByTestId('customer-owed').waitFor({ state: 'detached' });
        // The list of payments is read again after the pass: it shows the payment once that answer is in.
        await expect.poll(() => section(p, 'Payments and refunds').innerText()).toMatch(/3,200\.00\s+Cash/);

        const visit = section(p, 'Visits').locator('tbody tr').filter({ hasText: 'Unpaid' });
        await visit.getByRole('button', { name: 'Settle' }).click();
        await p.getByText('The visit is settled').waitFor();
        await p.getByText('No unpaid visits').waitFor();
        await section(p, 'Visits').getByRole('button', { name: 'Settle' }).waitFor({ state: 'detached' });
        await expect(section(p, 'Visits').locator('tbody tr').first().innerText()).resolves.toMatch(
            /Debt class[\s\S]*Attended[\s\S]*8 занятий/,
        );
        await expect(pass.innerText()).resolves.toMatch(/7 \/ 8/);
    });

    it("the payment page names the studio time zone of the expiry; the provider's page puts the slash in the expiry and refuses an expired card on it", async () => {
        const { context, page: p } = await newPage(browser, server.url);
        await p.goto(`/payments/link/${linkId}`);
        await p.getByText('11/25/2030 6:00 PM (Europe/Moscow)').waitFor();
        await p.getByRole('button', { name: /^Pay / }).click();
        await p.waitForURL('**/payments/test-checkout/**');
        await p.getByText('Test payment: no money is taken.').waitFor();
        const expiry = p.getByLabel('Expiry (MM/YY)');
        await expiry.pressSequentially('1228');
        await expect(expiry.inputValue()).resolves.toBe('12/28');
        await expiry.fill('');
        await expiry.pressSequentially('0120');
        await expect(expiry.inputValue()).resolves.toBe('01/20');
        await p.getByLabel('Card number').fill('4242 4242 4242 4242');
        await p.getByLabel('CVC').fill('123');
        await p.getByRole('button', { name: /^Pay / }).click();
        await p.getByText('The card has expired').waitFor();
        // Refused on the provider's form: the payer is still there, and nothing is paid.
        expect(new URL(p.url()).pathname).toMatch(/^\/payments\/test-checkout\//);
        await context.close();
    });
});
