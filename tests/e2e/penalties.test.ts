import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, instantAt, studioToday } from '../../src/domain/time';
import type { Config, Payment, Penalty } from '../../src/domain/types';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { freshPhone } from '../support/factories';
import { ownTeacherAndHall } from '../support/ownTimetable';
import { call, login, removeDir, root, startServer, type RunningServer } from '../support/server';

/*
 * No-show fees in a browser, on the built app with a server in the test's process whose clock the test
 * moves: two customers each missed two classes on a plan whose no-show costs a fee (the first forgiven);
 * a manager sees both fees pending on the dashboard, waives one with a reason, lets the other apply, and
 * takes it in cash on the customer's card. Screenshots are kept in tests/e2e/artifacts.
 */

const artifacts = join(root, 'tests/e2e/artifacts');

describeInBrowser('no-show fees in a browser', () => {
    let now = new Date();
    let server: RunningServer;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
        server = await startServer({
            distDir: distDir(),
            clock: () => now,
            env: {
                PENALTIES_EVERY_MS: '100',
                // The journey closes its classes itself, as the desk does: the runner closing them (which
                // makes no penalties) must not come first.
                CLOSE_CLASSES_EVERY_MS: String(60 * 60_000),
            },
        });
        browser = await launchBrowser();
        mkdirSync(artifacts, { recursive: true });
    });
    afterAll(async () => {
        await browser?.close();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    /** The API as admin (or the role named), signed in afresh: the clock moves, and tokens age by it. */
    const api = async <T>(
        path: string,
        json?: unknown,
        {
            method = json === undefined ? 'GET' : 'POST',
            as = 'admin',
        }: { method?: string; as?: 'admin' | 'manager' } = {},
    ) => {
        const answer = await call(server.url, `/api${path}`, { method, token: await login(server.url, as), json });
        if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };
    const shot = (name: string) => page.screenshot({ path: join(artifacts, `penalties-${name}.png`), fullPage: true });

    it('shows the fees pending, waives one, lets the other apply and takes it at the desk', async () => {
        const config = await api<Config>('/configs/general');
        // Two hours to waive, so the browser's sign-in (12 hours by the server's clock) outlives the wait.
        await api('/configs/general', { ...config, penaltyDelayHours: 2 }, { method: 'PUT' });
        const at = (local: string) => new Date(instantAt(local, config.timezone));
        const today = studioToday(config.timezone, new Date());
        const tomorrow = addDays(today, 1);

        const plan = await api<{ id: number }>('/subscriptions', {
            name: 'Evening 8, no-shows fined',
            price: 4000,
            visits: 8,
            validityDays: 30,
            noShowPenalty: { kind: 'fee', amount: 500 },
        });
        const customer = (firstName: string) =>
            api<{ id: number }>('/customers', {
                firstName,
                lastName: 'Noshow',
                phone: freshPhone(),
                status: 'active',
            });
        const nina = await customer('Nina');
        const oleg = await customer('Oleg');
        for (const { id } of [nina, oleg])
            await api('/passes/sell', { customerId: id, subscriptionId: plan.id, startsOn: today, method: 'cash' });
        // A teacher and a hall of the test's own: the demo's timetable never clashes with these classes.
        const { teacherId, studioId } = await ownTeacherAndHall(server.url, 'Penalties');
        const classAt = (title: string, time: string) =>
            api<{ id: number }>('/events', {
                title,
                courseId: 1,
                teacherId,
                studioId,
                startsAt: `${tomorrow}T${time}`,
                durationMinutes: 60,
                capacity: 10,
            });
        // The first no-show in 30 days is forgiven: the second class's are the fees.
        const first = await classAt('Morning flow', '09:00');
        const second = await classAt('Noon flow', '11:00');
        for (const event of [first, second])
            for (const { id } of [nina, oleg]) await api('/bookings', { eventId: event.id, customerId: id });

        now = at(`${tomorrow}T12:30`);
        for (const event of [first, second]) await api(`/events/${event.id}/close`, {}, { as: 'manager' });
        const penalties = await api<Penalty[]>('/penalties?sort=["id","ASC"]&range=[0,99]');
        const ofCustomer = (customerId: number, eventId: number) =>
            penalties.find(penalty => penalty.customerId === customerId && penalty.eventId === eventId)!;
        expect([nina, oleg].map(({ id }) => ofCustomer(id, first.id).status)).toEqual(['forgiven', 'forgiven']);
        const waived = ofCustomer(nina.id, second.id);
        const fee = ofCustomer(oleg.id, second.id);
        expect([waived, fee].map(penalty => [penalty.status, penalty.action, penalty.amount])).toEqual([
            ['pending', 'fee', 500],
            ['pending', 'fee', 500],
        ]);

        ({ page } = await newPage(browser, server.url));
        await signIn(page, 'manager');
        const toReview = page.getByTestId('penalties-to-review');
        await page.getByText('Penalties to review: 2').waitFor();
        const rowOf = (name: string) => toReview.getByRole('listitem').filter({ hasText: name });
        await rowOf('Oleg Noshow').waitFor();
        expect(await rowOf('Nina Noshow').textContent()).toMatch(/Noon flow.*No-show · a fee of/);
        await shot('1-dashboard');

        await rowOf('Nina Noshow').getByRole('button', { name: 'Waive' }).click();
        const waiving = page.getByRole('dialog');
        await waiving.getByLabel(/Reason/).fill('Her child was ill');
        await waiving.getByRole('button', { name: 'Waive' }).click();
        await page.getByText('Penalty waived').waitFor();
        await page.getByText('Penalties to review: 1').waitFor();
        await rowOf('Nina Noshow').waitFor({ state: 'detached' });
        await shot('2-waived');
        expect(await api<Penalty>(`/penalties/${waived.id}`)).toMatchObject({
            status: 'waived',
            reason: 'Her child was ill',
        });

        // The time to waive is over: the runner applies the other fee, and it is owed.
        now = new Date(new Date(fee.appliesAt).getTime() + 60_000);
        await expect
            .poll(async () => (await api<Penalty>(`/penalties/${fee.id}`)).status, { timeout: 10_000 })
            .toBe('applied');

        await page.goto(`/customers/${oleg.id}`);
        const section = page.getByRole('region', { name: 'Penalties' });
        const owed = section.getByRole('row').filter({ hasText: 'Applied' });
        await owed.getByText('owed', { exact: true }).waitFor();
        await page.getByText(/^Owed .*500/).waitFor();
        await shot('3-owed');
        await owed.getByRole('button', { name: 'Take payment' }).click();
        const paying = page.getByRole('dialog', { name: 'Take the fee' });
        await paying.getByText(/No-show · a fee of .*500/).waitFor();
        await paying.getByRole('combobox', { name: 'Method' }).click();
        await page.getByRole('option', { name: 'Cash' }).click();
        await shot('4-taking');
        await paying.getByRole('button', { name: 'Take payment' }).click();
        await page.getByText('Fee paid').waitFor();
        await section.getByRole('row').filter({ hasText: 'Applied' }).getByText('paid', { exact: true }).waitFor();
        await page.getByText(/^Owed .*500/).waitFor({ state: 'detached' });
        expect(await section.getByRole('button', { name: 'Take payment' }).count()).toBe(0);
        await shot('5-paid');

        const paid = await api<Penalty>(`/penalties/${fee.id}`);
        expect(paid.paymentId).not.toBeNull();
        expect(await api<Payment>(`/payments/${paid.paymentId}`)).toMatchObject({
            customerId: oleg.id,
            kind: 'payment',
            amount: 500,
            method: 'cash',
            penaltyId: fee.id,
        });
    });
});
