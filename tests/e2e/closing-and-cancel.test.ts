import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, instantAt, studioToday } from '../../src/domain/time';
import type { Booking, Config } from '../../src/domain/types';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { freshPhone } from '../support/factories';
import { ownTeacherAndHall } from '../support/ownTimetable';
import { call, login, removeDir, startServer, type RunningServer } from '../support/server';

/*
 * A class's start in a browser, on the built app with a server in the test's process whose clock the test
 * moves (the browser keeps the machine's): a manager opens a class of tomorrow and is offered no Close,
 * only why not; a customer who opened My bookings before the start taps Cancel after it and is told, in
 * words, that a class that has started is no longer cancelled; and the roster of the started class offers
 * Close but no cancel of the booking. Classes of a teacher and a hall of the test's own.
 */

describeInBrowser('closing and cancelling around the start of a class', () => {
    let now = new Date();
    let server: RunningServer;
    let browser: Browser;
    let config: Config;
    let classId = 0;
    let startsAt = '';
    let customer: { id: number; firstName: string; lastName: string };
    let booking: Booking;

    /** The API as a manager, signed in afresh: the clock moves, and tokens age by it. */
    const api = async <T>(path: string, json?: unknown, method = json === undefined ? 'GET' : 'POST') => {
        const answer = await call(server.url, `/api${path}`, {
            method,
            token: await login(server.url, 'manager'),
            json,
        });
        if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };

    beforeAll(async () => {
        server = await startServer({ distDir: distDir(), clock: () => now });
        browser = await launchBrowser();
        config = await api<Config>('/configs/general');
        const tomorrow = addDays(studioToday(config.timezone, new Date()), 1);
        startsAt = `${tomorrow}T18:00`;
        const { teacherId, studioId } = await ownTeacherAndHall(server.url, 'Started');
        classId = (
            await api<{ id: number }>('/events', {
                title: 'Evening at the start',
                courseId: 1,
                teacherId,
                studioId,
                startsAt,
                durationMinutes: 60,
                capacity: 8,
            })
        ).id;
        customer = await api('/customers', {
            firstName: 'Vera',
            lastName: `Started${Date.now() % 100_000}`,
            phone: freshPhone(),
            email: `vera.started.${Date.now()}@example.test`,
            status: 'active',
            locale: 'en',
        });
        await api('/passes/sell', { customerId: customer.id, subscriptionId: 3, startsOn: tomorrow, method: 'cash' });
        booking = await api<Booking>('/bookings', { eventId: classId, customerId: customer.id });
    });
    afterAll(async () => {
        await browser?.close();
        await server?.stop();
        if (server) removeDir(server.dir);
    });

    /** The roster's button that cancels the customer's seat, named with her name in either order. */
    const cancelLabel = () => new RegExp(`^Cancel the booking of .*${customer.lastName}`);

    const roster = async (page: Page) => {
        await signIn(page, 'manager');
        await page.goto(`/events/${classId}`);
        await page.getByTestId('event-status').waitFor();
    };

    it('offers a manager no Close for a class of tomorrow, and says why', async () => {
        const { page } = await newPage(browser, server.url);
        await roster(page);
        await expect
            .poll(() => page.getByTestId('close-note').textContent())
            .toBe('The class can be closed once it starts.');
        expect(await page.getByRole('button', { name: 'Close the class' }).count()).toBe(0);
        // Before the start the seat can still be cancelled from the roster.
        await page.getByRole('button', { name: cancelLabel() }).first().waitFor();
        await page.close();
    });

    it('tells a customer who taps Cancel after the start that the class has started', async () => {
        const link = await api<{ url: string }>(`/customers/${customer.id}/sign-in-link`, {});
        const { page } = await newPage(browser, server.url);
        await page.goto(`/my/link/${link.url.split('/my/link/')[1]}`);
        // The page before sign-in speaks the studio's language; the customer's own after.
        await page.getByRole('button', { name: /^(Sign in|Войти)$/ }).click();
        await page.getByRole('heading', { name: 'Classes' }).waitFor();
        await page.goto('/my/bookings');
        const card = page.getByRole('article', { name: /Evening at the start/ });
        await card.waitFor();

        // Ten minutes into the class by the studio's clock: the page was opened before.
        now = new Date(Date.parse(instantAt(startsAt, config.timezone)) + 10 * 60_000);
        await card.getByRole('button', { name: 'Cancel' }).click();
        const dialog = page.getByRole('dialog', { name: 'Cancel the booking?' });
        await dialog.getByRole('button', { name: 'Cancel the booking' }).click();
        await dialog
            .getByText(
                'The class has started: the booking can no longer be cancelled. If you could not come, tell the studio.',
            )
            .waitFor();
        expect(await dialog.getByRole('button', { name: 'Cancel the booking' }).count()).toBe(0);
        expect((await api<Booking>(`/bookings/${booking.id}`)).status).toBe('booked');
        await page.close();
    });

    it('offers Close on the started class, and no cancel of its booking', async () => {
        const { page } = await newPage(browser, server.url);
        await roster(page);
        await page.getByRole('button', { name: 'Close the class' }).waitFor();
        await page.getByText(customer.lastName).first().waitFor();
        expect(await page.getByRole('button', { name: cancelLabel() }).count()).toBe(0);
        await page.close();
    });
});
