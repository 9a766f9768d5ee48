import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInBrowser, servedApp, signIn } from '../support/browser';
import { call, demoAccounts, login } from '../support/server';

describeInBrowser('the application shell in a browser', () => {
    const app = servedApp();

    const page = app.page;
    const menu = (p: Page) => p.locator('.RaSidebar-fixed, .RaMenu-open, [class*=RaMenu]').first();

    it('an anonymous visit to / lands on /login', async () => {
        const p = await page();
        await p.goto('/');
        await p.waitForURL('**/login');
        await p.getByRole('button', { name: 'Sign in' }).waitFor();
    });

    it('an anonymous visit to a page goes to /login once, and signing in brings them there', async () => {
        const p = await page();
        // Every move of the browser's history is counted: a sign-out that repeats itself moved it thousands of times.
        await p.addInitScript(() => {
            const moves = { count: 0 };
            Object.assign(window, { historyMoves: moves });
            for (const name of ['pushState', 'replaceState'] as const) {
                const original = history[name].bind(history);
                history[name] = (...args: Parameters<History['pushState']>) => {
                    moves.count++;
                    original(...args);
                };
            }
        });
        await p.goto('/customers?page=2');
        await p.waitForURL('**/login');
        await p.getByRole('button', { name: 'Sign in' }).waitFor();
        const moves = () =>
            p.evaluate(() => (window as unknown as { historyMoves: { count: number } }).historyMoves.count);
        expect(await moves()).toBeLessThanOrEqual(3);
        await p.getByLabel(/email/i).fill(demoAccounts.admin.email);
        await p.getByLabel(/password/i).fill(demoAccounts.admin.password);
        await p.getByRole('button', { name: 'Sign in' }).click();
        await p.waitForURL(/\/customers\?page=2$/);
        await p.getByText('11-20 of 150').waitFor();
    });

    it('an admin signs in and sees real customers, sorted and paged by the server', async () => {
        const p = await page();
        await signIn(p, 'admin');
        await p.goto('/customers');
        await p.getByText('1-10 of 150').waitFor();
        const firstName = () => p.locator('tbody tr td').nth(1).innerText();
        const ascending = await firstName();
        await p.locator('thead').getByText('Last name').click();
        await p.waitForURL(/order=DESC/);
        await expect.poll(firstName).not.toBe(ascending);
        const descending = await firstName();
        expect(descending.localeCompare(ascending, 'ru')).toBeGreaterThan(0);
        await p.getByRole('button', { name: 'Go to page 2' }).click();
        await p.getByText('11-20 of 150').waitFor();
    });

    it('every seed route with a real id opens without the error screen', async () => {
        const token = await login(app.server.url, 'admin');
        const first = async (collection: string, filter = {}) =>
            (
                (
                    await call(
                        app.server.url,
                        `/api/${collection}?range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`,
                        { token },
                    )
                ).body as unknown as { id: string | number }[]
            )[0].id;
        const [event, customer, schedule, teacher, link] = await Promise.all([
            first('events'),
            first('customers'),
            first('schedules'),
            first('users', { role: 'teacher' }),
            first('paymentLinks'),
        ]);
        const routes = [
            '/',
            '/events',
            `/events/${event}`,
            '/configs',
            '/settings/users',
            '/customers',
            `/customers/${customer}`,
            '/schedules',
            `/schedules/${schedule}`,
            '/settings/courses',
            '/settings/studios',
            '/settings/directions',
            '/settings/subscriptions',
            '/settings/statuses/customer',
            '/settings/statuses/attendance',
            '/attendances',
            `/attendances/${teacher}`,
            `/payments/link/${link}`,
            `/reports/attendances/${schedule}`,
            '/statistics/incomes',
        ];
        const p = await page();
        const errors: string[] = [];
        p.on('pageerror', error => errors.push(error.message));
        // The server's Content-Security-Policy lets the built app run: the browser refuses nothing.
        const refused: string[] = [];
        p.on('console', message => {
            if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
                refused.push(`${p.url()}: ${message.text()}`);
        });
        await signIn(p, 'admin');
        for (const route of routes) {
            await p.goto(route);
            await p.waitForLoadState('networkidle');
            // A busy machine may still show "Loading" at network idle: wait for the page itself.
            await expect
                .poll(async () => (await p.locator('body').innerText()).trim().length, {
                    message: route,
                    timeout: 15_000,
                })
                .toBeGreaterThan(20);
            const text = await p.locator('body').innerText();
            expect(text, route).not.toMatch(/An error occurred|Something went wrong/);
        }
        expect(errors).toEqual([]);
        expect(refused).toEqual([]);
    }, 180_000);

    it('an unknown path shows the not-found page', async () => {
        const p = await page();
        await signIn(p, 'manager');
        await p.goto('/nope');
        await p.getByText('Page not found: /nope').waitFor();
    });

    it('switching to Russian changes the menu and survives a reload', async () => {
        const p = await page();
        await signIn(p, 'manager');
        await p.goto('/customers');
        await p.getByRole('button', { name: 'English' }).click();
        await p.getByRole('menuitem', { name: 'Русский' }).click();
        await p.getByRole('menuitem', { name: 'Клиенты' }).waitFor();
        await p.reload();
        await p.getByRole('menuitem', { name: 'Клиенты' }).waitFor();
        await expect(menu(p).innerText()).resolves.toMatch(/Занятия/);
        await p.getByText(/Строк на странице/).waitFor();
    });

    it('switching the theme changes the primary colour and survives a reload', async () => {
        const p = await page();
        await signIn(p, 'manager');
        await p.goto('/customers');
        const primary = () =>
            p.getByRole('button', { name: 'Export' }).evaluate(element => getComputedStyle(element).color);
        await expect(primary()).resolves.toBe('rgb(1, 192, 200)');
        await p.getByRole('button', { name: 'Theme' }).click();
        await p.locator('[data-theme=DARK_PURPLE_THEME]').click();
        await expect.poll(primary).toBe('rgb(118, 62, 189)');
        const background = () => p.locator('body').evaluate(element => getComputedStyle(element).backgroundColor);
        await expect(background()).resolves.toBe('rgb(23, 28, 35)');
        await p.reload();
        await p.getByRole('button', { name: 'Export' }).waitFor();
        await expect(primary()).resolves.toBe('rgb(118, 62, 189)');
    });

    it('a teacher sees neither settings nor money and gets no data by typing their URLs', async () => {
        const p = await page();
        const forbidden: string[] = [];
        p.on('response', response => {
            if (
                /\/api\/(users|customers|subscriptions|payments|passes)\b/.test(response.url()) &&
                response.status() === 200
            )
                forbidden.push(response.url());
        });
        await signIn(p, 'teacher');
        const text = await menu(p).innerText();
        expect(text).toMatch(/Classes/);
        expect(text).not.toMatch(/Settings|Users|Subscription plans|Customers|General settings|Income/);
        for (const route of ['/settings/users', '/customers', '/settings/subscriptions', '/configs']) {
            await p.goto(route);
            await p.waitForLoadState('networkidle');
            const body = await p.locator('body').innerText();
            expect(body, route).not.toMatch(/admin@studio\.test|manager@studio\.test|\+7 ?9\d\d/);
        }
        // The teacher's own name on their events is the one user record they read.
        expect(forbidden.filter(url => !decodeURIComponent(url).includes('filter={"id":['))).toEqual([]);
    });

    it('logout returns to /login and revokes the token on the server', async () => {
        const p = await page();
        await signIn(p, 'admin');
        const token = await p.evaluate(
            () => (JSON.parse(localStorage.getItem('studio.session') ?? '{}') as { token?: string }).token ?? '',
        );
        expect((await call(app.server.url, '/api/auth/me', { token })).status).toBe(200);
        await p.getByRole('button', { name: 'Profile' }).click();
        await p.getByRole('menuitem', { name: 'Logout' }).click();
        await p.waitForURL('**/login');
        await expect.poll(async () => (await call(app.server.url, '/api/auth/me', { token })).status).toBe(401);
        await p.goto('/customers');
        await p.waitForURL('**/login');
        await signIn(p, 'admin');
        await p.goto('/logout');
        await p.waitForURL('**/login');
    });
});
