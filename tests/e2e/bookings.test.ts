import { beforeAll, it, vi } from 'vitest';
import { formatFullDate } from '../../src/app/i18n/dates';
import { addDays, studioToday } from '../../src/domain/time';
import { describeInBrowser, servedApp, signIn } from '../support/browser';
import { call, login } from '../support/server';
import { freshPhone } from '../support/factories';
import { ownTeacherAndHall } from '../support/ownTimetable';

/*
 * Booking at the desk, as the journey: a manager books customers who phoned into tomorrow's
 * class from the week view until it is full, puts a fourth in line, cancels one seat, and sees the
 * fourth moved up on the roster. The class and the customers are made for the run, relative to today.
 */

describeInBrowser('bookings in a browser', () => {
    const app = servedApp();
    let managerToken: string;
    let tomorrow: string;
    const customerIds: number[] = [];
    const names = ['Phonedova', 'Callerov', 'Ringina', 'Waitova'];

    const api = async <T>(path: string, json?: unknown) => {
        const answer = await call(app.server.url, `/api${path}`, {
            method: json === undefined ? 'GET' : 'POST',
            token: managerToken,
            json,
        });
        if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };

    beforeAll(async () => {
        managerToken = await login(app.server.url, 'manager');
        const config = await api<{ timezone: string }>('/configs/general');
        const today = studioToday(config.timezone, new Date());
        tomorrow = addDays(today, 1);
        for (const lastName of names) {
            const customer = await api<{ id: number }>('/customers', {
                firstName: 'E2e',
                lastName,
                phone: freshPhone(),
                // Whoever waits in line is told when the seat is theirs: they have an address.
                email: `${lastName.toLowerCase()}@example.test`,
                status: 'active',
            });
            customerIds.push(customer.id);
            await api('/passes', {
                customerId: customer.id,
                subscriptionId: 3,
                name: '8 classes',
                price: 0,
                visitsTotal: 8,
                startsOn: addDays(today, -1),
                endsOn: addDays(today, 60),
            });
        }
        // A teacher and a hall of the file's own: the demo's timetable never clashes with these classes.
        const { teacherId, studioId } = await ownTeacherAndHall(app.server.url, 'Bookings');
        const own = { teacherId, studioId };
        await api('/events', {
            title: 'E2E phoned class',
            courseId: 1,
            ...own,
            startsAt: `${tomorrow}T22:40`,
            durationMinutes: 15,
            capacity: 3,
        });
        await api('/events', {
            title: 'E2E card class',
            courseId: 1,
            ...own,
            startsAt: `${tomorrow}T23:00`,
            durationMinutes: 15,
            capacity: 5,
        });
    });

    it('a manager books three who phoned into a class from the week view, puts a fourth in line, cancels one and sees the fourth moved up', async () => {
        const p = await app.page();
        await signIn(p, 'manager');
        await p.goto('/events');
        await p.getByRole('button', { name: 'Week' }).click();
        await p.getByLabel('From', { exact: true }).fill(tomorrow);
        // The filter form takes the date after a pause (a debounce): until then a click on a class may be
        // undone by the list moving to the new date, so the date is waited for in the address first.
        await p.waitForURL(url => decodeURIComponent(url.search).includes(tomorrow));
        const day = p.getByRole('region', { name: formatFullDate(tomorrow, 'en') });
        // The week shown may be redrawn once the date is taken: a click on the old drawing goes nowhere.
        await vi.waitFor(
            async () => {
                if (!/\/events\/\d+$/.test(p.url())) await day.getByText(/E2E phoned class/).click({ timeout: 5_000 });
                await p.waitForURL(/\/events\/\d+$/, { timeout: 3_000 });
            },
            { timeout: 30_000 },
        );

        // The roster first (a slow machine takes a while), and what the page said when it did not come.
        const search = p.getByLabel('Book someone by name');
        await search.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
            throw new Error(`${String(error)}\nat ${p.url()}, the page said:\n${await p.locator('body').innerText()}`);
        });
        const bookByName = async (lastName: string, notice: string) => {
            const option = p.getByRole('option', { name: new RegExp(lastName) });
            // The roster may be drawn again while the name is typed (its answers still coming in on a slow
            // machine), taking the text with it: the name is typed again until its answer shows.
            await vi.waitFor(
                async () => {
                    if (!(await option.isVisible())) await search.fill(lastName.slice(0, 5));
                    await option.waitFor({ timeout: 5_000 });
                },
                { timeout: 60_000 },
            );
            await option.click();
            await p.getByText(notice, { exact: true }).last().waitFor();
        };
        for (const lastName of names.slice(0, 3)) await bookByName(lastName, 'Booked');
        await p.getByTestId('seats').getByText('Booked: 3 / 3').waitFor();

        await bookByName('Waitova', 'Put in line');
        await p.getByTestId('seats').getByText('Booked: 3 / 3 · 1 in line').waitFor();
        const waiting = p.getByTestId('roster-row').filter({ hasText: 'Waitova' });
        await waiting.getByTestId('booking-chip').getByText('In line · 1').waitFor();

        await p.getByRole('button', { name: /Cancel the booking of Callerov/ }).click();
        // Asked first: the dialog names the person and the class.
        await p.getByRole('dialog').getByRole('button', { name: 'Cancel the booking', exact: true }).click();
        await p.getByText('The booking is cancelled', { exact: true }).waitFor();
        await waiting.getByTestId('booking-chip').getByText('Booked').waitFor();
        await p.getByTestId('seats').getByText('Booked: 3 / 3').waitFor();

        // The week view counts them too.
        await p.goto('/events');
        await p.getByLabel('From', { exact: true }).fill(tomorrow);
        await p.waitForURL(url => decodeURIComponent(url.search).includes(tomorrow));
        await day.getByText('Booked: 3 / 3').waitFor();
        await day.getByText('Full').waitFor();
    });

    it('a manager books a customer who phoned into a class from the card', async () => {
        const p = await app.page();
        await signIn(p, 'manager');
        await p.goto(`/customers/${customerIds[0]}`);
        const upcoming = p.getByRole('region', { name: 'Upcoming bookings' });
        await upcoming.getByRole('button', { name: 'Book a class' }).click();
        const dialog = p.getByRole('dialog');
        await dialog.getByLabel('Date of the class').fill(tomorrow);
        await dialog.getByRole('button', { name: /^Book: .*E2E card class/ }).click();
        await p.getByText('Booked', { exact: true }).last().waitFor();
        await dialog.waitFor({ state: 'hidden' });
        await upcoming.getByText(/E2E card class/).waitFor();
    });
});
