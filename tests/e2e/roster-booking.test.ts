import { beforeAll, it } from 'vitest';
import { addDays, studioToday, weekdayOf } from '../../src/domain/time';
import { describeInBrowser, servedApp, signIn } from '../support/browser';
import { freshPhone } from '../support/factories';
import { ownTeacherAndHall } from '../support/ownTimetable';
import { call, login } from '../support/server';

/*
 * Booking someone back into a full class from its roster: a member of a group cancelled her seat in
 * tomorrow's class and two others filled it; a manager finds her shown as cancelled, books her again, is
 * told the class is full and chooses a seat over capacity, and after a reload sees her booked. The group,
 * its teacher and hall, and the customers are made for the run, relative to today.
 */

describeInBrowser('booking back into a full class from the roster', () => {
    const app = servedApp();
    let managerToken: string;
    let classId: number;

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
        const tomorrow = addDays(today, 1);
        const customer = async (lastName: string) => {
            const made = await api<{ id: number }>('/customers', {
                firstName: 'Roster',
                lastName,
                phone: freshPhone(),
                email: `roster.${lastName.toLowerCase()}@example.test`,
                status: 'active',
            });
            await api('/passes', {
                customerId: made.id,
                subscriptionId: 3,
                name: '8 classes',
                price: 0,
                visitsTotal: 8,
                startsOn: today,
                endsOn: addDays(today, 60),
            });
            return made.id;
        };
        const [vera, anna, boris] = [await customer('Veronova'), await customer('Annina'), await customer('Borisov')];
        const own = await ownTeacherAndHall(app.server.url, 'Roster');
        const group = await api<{ id: number }>('/schedules', {
            title: 'E2E roster group',
            courseId: 1,
            teacherId: own.teacherId,
            studioId: own.studioId,
            slots: [{ weekday: weekdayOf(tomorrow), startTime: '21:00', durationMinutes: 60 }],
            startsOn: tomorrow,
            capacity: 2,
            customerIds: [vera, anna],
        });
        const { events } = await api<{ events: { id: number }[] }>(`/schedules/${group.id}/generate`, {
            from: tomorrow,
            to: tomorrow,
        });
        classId = events[0].id;
        const seats = await api<{ id: number; customerId: number }[]>(
            `/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId: classId }))}`,
        );
        const seat = seats.find(booking => booking.customerId === vera) as { id: number };
        await api(`/bookings/${seat.id}/cancel`, {});
        // Her seat went to someone else: the class is full.
        await api('/bookings', { eventId: classId, customerId: boris });
    });

    it('a manager books a cancelled member back over capacity and sees her booked after a reload', async () => {
        const p = await app.page();
        await signIn(p, 'manager');
        await p.goto(`/events/${classId}`);
        await p.getByTestId('seats').getByText('Booked: 2 / 2').waitFor({ timeout: 60_000 });
        const vera = p.getByTestId('roster-row').filter({ hasText: 'Veronova' });
        await vera.getByTestId('cancelled-chip').getByText('Cancelled').waitFor();

        await vera.getByRole('button', { name: /^Book Veronova .* again$/ }).click();
        const dialog = p.getByRole('dialog');
        await dialog.getByText('The class is full: 2 of 2 seats taken').waitFor();
        await dialog.getByRole('button', { name: 'Put in line' }).waitFor();
        await dialog.getByRole('button', { name: 'Book over capacity' }).click();
        await p.getByText('Booked', { exact: true }).last().waitFor();
        await p.getByTestId('seats').getByText('Booked: 3 / 2').waitFor();

        await p.reload();
        await p.getByTestId('seats').getByText('Booked: 3 / 2').waitFor();
        await vera.getByTestId('booking-chip').getByText('Booked').waitFor();
        await vera.getByTestId('cancelled-chip').waitFor({ state: 'detached' });
    });
});
