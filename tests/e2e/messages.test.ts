import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { addDays, studioToday } from '../../src/domain/time';
import type { Message } from '../../src/domain/types';
import { describeInBrowser, servedApp, signIn } from '../support/browser';
import { freshPhone } from '../support/factories';
import { call, login } from '../support/server';
import { startMailbox, type Mailbox } from '../support/smtp';

/*
 * The journey: a manager opens a customer's messages on the card, sees one sent and one that
 * failed (the mail server did not know the address then), and sends the failed one again; it goes. The
 * server sends through a real SMTP server the test starts.
 */

describeInBrowser('messages in a browser', () => {
    let mailbox: Mailbox;
    beforeAll(async () => {
        mailbox = await startMailbox();
    });
    afterAll(async () => {
        await mailbox?.stop();
    });
    const app = servedApp(() => ({
        SMTP_URL: mailbox.url,
        MAIL_FROM: 'studio@example.test',
        MESSAGES_EVERY_MS: '100',
    }));
    const email = 'e2e-messages@example.test';
    let customerId: number;

    const api = async <T>(path: string, json?: unknown) => {
        const answer = await call(app.server.url, `/api${path}`, {
            method: json === undefined ? 'GET' : 'POST',
            token: await login(app.server.url, 'manager'),
            json,
        });
        if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };
    const messages = () =>
        api<Message[]>(`/messages?filter=${encodeURIComponent(JSON.stringify({ customerId }))}&sort=["id","ASC"]`);

    beforeAll(async () => {
        const config = await api<{ timezone: string }>('/configs/general');
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
        mailbox.unknown.add(email);
        const event = await api<{ id: number }>('/events', {
            title: 'E2E message class',
            courseId: 1,
            teacherId: 3,
            studioId: 3,
            startsAt: `${tomorrow}T22:00`,
            durationMinutes: 15,
            capacity: 5,
        });
        await api('/bookings', { eventId: event.id, customerId });
        await vi.waitFor(async () => expect((await messages())[1]?.status).toBe('failed'), { timeout: 15_000 });
        mailbox.unknown.clear();
    });

    it("a manager sees a customer's messages on the card, one sent and one failed, and sends the failed one again", async () => {
        const p = await app.page();
        await signIn(p, 'manager');
        await p.goto(`/customers/${customerId}`);
        const section = p.getByRole('region', { name: 'Messages' });
        await section.scrollIntoViewIfNeeded();
        const row = (kind: string) => section.locator('tr').filter({ hasText: kind });
        await row('Payment received').getByText('Sent').waitFor();
        await row('Booked').getByText('Failed · 1 try').waitFor();

        // The failed one opens to its text and why it failed.
        await row('Booked').getByText('Failed · 1 try').click();
        await section.getByText(/You have a seat in .*E2E message class/).waitFor();
        await section.getByText(/Why: .*550/).waitFor();

        await row('Booked').getByRole('button', { name: 'Send again' }).click();
        await p.getByText('Queued again: it goes out in a moment').waitFor();
        await mailbox.waitFor(email, /you are booked/);
        // The card reads it again: sent now.
        await vi.waitFor(
            async () => {
                await p.reload();
                await p
                    .getByRole('region', { name: 'Messages' })
                    .locator('tr')
                    .filter({ hasText: 'Booked' })
                    .getByText('Sent')
                    .waitFor({ timeout: 2_000 });
            },
            { timeout: 20_000 },
        );
    });
});
