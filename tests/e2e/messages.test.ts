import { beforeAll, expect, it, vi } from 'vitest';
import { addDays, localDateTimeAt, studioToday } from '../../src/domain/time';
import type { Message } from '../../src/domain/types';
import { describeInBrowser, servedAppWithMail, signIn } from '../support/browser';
import { freshPhone } from '../support/factories';
import { call, login } from '../support/server';
import { ownTeacherAndHall, type OwnTimetable } from '../support/ownTimetable';

/*
 * The journey: a manager opens a customer's messages on the card, sees the reminder of a class
 * sent and a message that failed (the mail server did not know the address then), and sends the failed
 * one again; it goes. Then the customer opens the reminder's cancel link and cancels after confirming.
 * The server keeps the real time and sends through a real SMTP server the test starts; the reminder's
 * class starts 14 hours and a minute from now, so that its reminder (2 hours before the 12-hour late-cancel
 * cut-off) falls due within the minute.
 */

describeInBrowser('messages in a browser', () => {
    const app = servedAppWithMail(() => ({
        NOTICES_EVERY_MS: '200',
        PUBLIC_URL: 'https://studio.example.test',
    }));
    const email = 'e2e-messages@example.test';
    let customerId: number;

    let reminderLink = '';
    const api = async <T>(path: string, json?: unknown, method = json === undefined ? 'GET' : 'POST') => {
        const answer = await call(app.server.url, `/api${path}`, {
            method,
            token: await login(app.server.url, method === 'PUT' ? 'admin' : 'manager'),
            json,
        });
        if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };
    /** A class of 15 minutes at `startsAt`, with a teacher and a hall of the file's own (never the demo's timetable). */
    let own: OwnTimetable | undefined;
    const freeClass = async (title: string, startsAt: string) => {
        if (!own) {
            const { teacherId, studioId } = await ownTeacherAndHall(app.server.url, 'Messages');
            own = { teacherId, studioId };
        }
        return api<{ id: number }>('/events', {
            title,
            courseId: 1,
            ...own,
            startsAt,
            durationMinutes: 15,
            capacity: 5,
        });
    };
    const messages = () =>
        api<Message[]>(`/messages?filter=${encodeURIComponent(JSON.stringify({ customerId }))}&sort=["id","ASC"]`);

    beforeAll(async () => {
        const config = await api<{ timezone: string }>('/configs/general');
        // Whatever the hour of the run: no quiet hours to hold the messages till morning.
        await api('/configs/general', { ...config, quietHours: null }, 'PUT');
        const tomorrow = addDays(studioToday(config.timezone, new Date()), 1);
        const customer = await api<{ id: number }>('/customers', {
            firstName: 'E2e',
            lastName: 'Messagova',
            phone: freshPhone(),
            email,
            status: 'active',
            locale: 'en',
        });
        customerId = customer.id;
        // Paid: "Payment received" goes.
        await api('/passes/sell', { customerId, subscriptionId: 3, startsOn: addDays(tomorrow, -1), method: 'cash' });
        await vi.waitFor(async () => expect((await messages())[0]?.status).toBe('sent'), { timeout: 15_000 });
        // Booked while the mail server does not know the address: "You are booked" fails.
        app.mailbox.unknown.add(email);
        const event = await freeClass('E2E message class', `${tomorrow}T22:00`);
        await api('/bookings', { eventId: event.id, customerId });
        await vi.waitFor(async () => expect((await messages())[1]?.status).toBe('failed'), { timeout: 15_000 });
        app.mailbox.unknown.clear();

        // A class whose reminder is due at the start of the next minute (the one after, near its end): booked
        // now, reminded then.
        const lead = new Date().getSeconds() > 45 ? 2 : 1;
        const soon = localDateTimeAt(new Date(Date.now() + (14 * 60 + lead) * 60_000), config.timezone);
        const reminded = await freeClass('E2E reminded class', soon);
        await api('/bookings', { eventId: reminded.id, customerId });
        const reminder = await app.mailbox.waitFor(email, /your class is soon/, 200_000);
        reminderLink = /https:\/\/studio\.example\.test(\/cancel\/\S+)/.exec(reminder.text ?? '')?.[1] ?? '';
        expect(reminderLink).toMatch(/^\/cancel\/\d+-/);
    }, 240_000);

    it("a manager sees a customer's messages on the card, one sent and one failed, and sends the failed one again", async () => {
        const p = await app.page();
        await signIn(p, 'manager');
        await p.goto(`/customers/${customerId}`);
        const section = p.getByRole('region', { name: 'Messages' });
        await section.scrollIntoViewIfNeeded();
        const row = (kind: string) => section.locator('tr').filter({ hasText: kind });
        await row('Payment received').getByText('Sent').waitFor();
        await row('Reminder').getByText('Sent').waitFor();
        await row('Booked').getByText('Failed · 1 try').waitFor();

        // The failed one opens to its text and why it failed.
        await row('Booked').getByText('Failed · 1 try').click();
        await section.getByText(/You have a seat in .*E2E message class/).waitFor();
        await section.getByText(/Why: .*550/).waitFor();

        await row('Booked').getByRole('button', { name: 'Send again' }).click();
        await p.getByText('Queued again: it goes out in a moment').waitFor();
        await app.mailbox.waitFor(email, /you are booked/);
        // Once the server has recorded it sent, the card read again shows nothing failed.
        await vi.waitFor(
            async () => expect((await messages()).map(message => message.status)).not.toContain('failed'),
            {
                timeout: 20_000,
            },
        );
        await p.reload();
        const reread = p.getByRole('region', { name: 'Messages' });
        await reread.getByText('Reminder').first().waitFor();
        expect(await reread.getByText(/Failed/).count()).toBe(0);
    });

    it('a customer opens the reminder’s cancel link, confirms, and the booking is cancelled in time', async () => {
        const p = await app.page();
        await p.goto(reminderLink);
        await p.getByText('Hello, E2e!').waitFor();
        await p.getByText(/E2E reminded class/).waitFor();
        // Opening the page cancelled nothing: the customer confirms.
        const statuses = async () =>
            (await api<{ status: string }[]>(`/bookings?filter=${encodeURIComponent(JSON.stringify({ customerId }))}`))
                .map(booking => booking.status)
                .sort();
        expect(await statuses()).toEqual(['booked', 'booked']);
        await p.getByRole('button', { name: 'Cancel my booking' }).click();
        await p.getByText('Your booking is cancelled').waitFor();
        await p.getByText('You cancelled in time: it is not a late cancel.').waitFor();
        expect(await statuses()).toEqual(['booked', 'cancelled']);
    });
});
