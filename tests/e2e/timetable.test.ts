import { beforeAll, expect, it } from 'vitest';
import { formatFullDate } from '../../src/app/i18n/dates';
import { addDays, studioToday } from '../../src/domain/time';
import { describeInBrowser, servedApp, signIn } from '../support/browser';
import { call, login } from '../support/server';
import { freshPhone } from '../support/factories';

const anna = 3;

describeInBrowser('the timetable in a browser', () => {
    const app = servedApp();
    let managerToken: string;

    beforeAll(async () => {
        managerToken = await login(app.server.url, 'manager');
    });

    const page = app.page;
    const api = async <T>(path: string, json?: unknown, method = json === undefined ? 'GET' : 'POST') => {
        const answer = await call(app.server.url, `/api${path}`, { method, token: managerToken, json });
        if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };
    const buildCustomer = (lastName: string) =>
        api<{ id: number }>('/customers', { firstName: 'E2e', lastName, phone: freshPhone(), status: 'active' });
    const buildGroup = (fields: Record<string, unknown>) =>
        api<{ id: number }>('/schedules', {
            courseId: 1,
            teacherId: anna,
            studioId: 3,
            capacity: 10,
            customerIds: [],
            ...fields,
        });

    it('a manager generates a month of classes for a group and sees them in the week view', async () => {
        const group = await buildGroup({
            title: 'E2E Tuesday stretch',
            slots: [{ weekday: 2, startTime: '06:15', durationMinutes: 45 }],
            startsOn: '2027-03-01',
        });
        const p = await page();
        await signIn(p, 'manager');
        await p.goto(`/schedules/${group.id}`);
        await p.getByRole('heading', { name: 'Generate classes' }).waitFor();
        await p.getByLabel('From', { exact: true }).fill('2027-03-01');
        await p.getByLabel('To', { exact: true }).fill('2027-03-31');
        await p.getByRole('button', { name: 'Generate' }).click();
        await p.getByRole('status').getByText('5 classes added.').waitFor();

        await p.goto('/events');
        await p.getByRole('button', { name: 'Week' }).click();
        await p.getByLabel('From', { exact: true }).fill('2027-03-10');
        await p.getByTestId('week-title').getByText('03/08/2027 – 03/14/2027').waitFor();
        const tuesday = p.getByRole('region', { name: formatFullDate('2027-03-09', 'en') });
        // The course first, then what the group's title adds to it.
        await tuesday.getByText(/^6:15 AM \S.* · E2E Tuesday stretch$/).waitFor();
        await p.getByRole('button', { name: 'Next week' }).click();
        await p
            .getByRole('region', { name: formatFullDate('2027-03-16', 'en') })
            .getByText(/^6:15 AM \S.* · E2E Tuesday stretch$/)
            .waitFor();
        await expect(
            p
                .getByRole('region', { name: formatFullDate('2027-03-17', 'en') })
                .getByText('E2E Tuesday stretch')
                .count(),
        ).resolves.toBe(0);
    });

    it('a teacher opens today’s class, marks three people and sees visits left and a debt', async () => {
        const config = await api<{ timezone: string }>('/configs/general');
        const today = studioToday(config.timezone, new Date());
        const [paying, excused, owing] = await Promise.all([
            buildCustomer('Payingova'),
            buildCustomer('Excusedova'),
            buildCustomer('Owingova'),
        ]);
        for (const customer of [paying, excused]) {
            await api('/passes', {
                customerId: customer.id,
                subscriptionId: 3,
                name: '8 занятий',
                price: 5200,
                visitsTotal: 8,
                startsOn: addDays(today, -5),
                endsOn: addDays(today, 20),
            });
        }
        const group = await buildGroup({
            title: 'E2E early group',
            slots: [{ weekday: 1, startTime: '05:00', durationMinutes: 30 }],
            startsOn: addDays(today, -7),
            customerIds: [paying.id, excused.id, owing.id],
        });
        await api('/events', {
            scheduleId: group.id,
            title: 'E2E early class',
            courseId: 1,
            teacherId: anna,
            studioId: 3,
            startsAt: `${today}T05:10`,
            durationMinutes: 30,
            capacity: 10,
        });

        const p = await page();
        await signIn(p, 'teacher');
        await p.goto('/events');
        await p.getByRole('button', { name: 'Week' }).click();
        await p
            .getByRole('region', { name: formatFullDate(today, 'en') })
            .getByText(/^5:10 AM \S.* · E2E early class$/)
            .click();
        await p.waitForURL(/\/events\/\d+$/);

        const row = (name: string) => p.getByTestId('roster-row').filter({ hasText: name });
        await row('Payingova').getByText('8 visits left').waitFor();
        await row('Payingova').getByRole('button', { name: 'Attended' }).click();
        await row('Payingova').getByText('7 visits left · charged').waitFor();

        await row('Excusedova').getByRole('button', { name: 'Excused' }).click();
        await expect
            .poll(() => row('Excusedova').getByRole('button', { name: 'Excused' }).getAttribute('aria-pressed'))
            .toBe('true');
        await row('Excusedova').getByText('8 visits left').waitFor();

        await row('Owingova').getByText('No pass').waitFor();
        await row('Owingova').getByRole('button', { name: 'Attended' }).click();
        await row('Owingova').getByText('Debt').waitFor();
        await p.getByTestId('capacity').getByText('Visits: 2 / 10').waitFor();

        // Changing her mind: excused gives Payingova's visit back.
        await row('Payingova').getByRole('button', { name: 'Excused' }).click();
        await row('Payingova').getByText('8 visits left').waitFor();
        await expect(row('Payingova').getByText('charged').count()).resolves.toBe(0);
    });

    it('a teacher sees their own page and cannot open another teacher’s', async () => {
        const p = await page();
        await signIn(p, 'teacher');
        await p.getByRole('menuitem', { name: 'My classes and pay' }).click();
        await p.waitForURL('**/attendances/me');
        await p.getByRole('heading', { name: 'Анна Петрова', exact: true }).waitFor();
        await p.goto('/attendances/4');
        await p.waitForURL('**/access-denied');
        await expect(p.locator('body').innerText()).resolves.not.toMatch(/Борис Соколов/);

        // Nor another teacher's class, by its address.
        const boris = await api<{ id: number }>('/events', {
            title: 'E2E Boris only',
            courseId: 1,
            teacherId: 4,
            studioId: 3,
            startsAt: '2027-05-03T05:00',
            durationMinutes: 30,
            capacity: 10,
        });
        await p.goto(`/events/${boris.id}`);
        await p.waitForURL('**/access-denied');
        await expect(p.locator('body').innerText()).resolves.not.toMatch(/E2E Boris only/);
    });

    it('a manager moves a class: a clash is named on the form, a free time is saved', async () => {
        const busy = await api<{ id: number }>('/events', {
            title: 'E2E busy hour',
            courseId: 1,
            teacherId: anna,
            studioId: 1,
            startsAt: '2027-06-07T06:00',
            durationMinutes: 60,
            capacity: 10,
        });
        const moving = await api<{ id: number }>('/events', {
            title: 'E2E moving class',
            courseId: 1,
            teacherId: anna,
            studioId: 3,
            startsAt: '2027-06-07T08:00',
            durationMinutes: 60,
            capacity: 10,
        });
        const p = await page();
        await signIn(p, 'manager');
        await p.goto(`/events/${moving.id}`);
        await p.getByRole('button', { name: 'Edit class' }).click();
        const dialog = p.getByRole('dialog');
        // The form takes the class once it is loaded: typing before would be undone by it on a busy machine.
        await expect.poll(() => dialog.getByLabel('Starts at').inputValue()).toBe('2027-06-07T08:00');
        await dialog.getByLabel('Starts at').fill('2027-06-07T06:30');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.getByTestId('clash').getByText('The teacher already has a class at 06/07/2027 6:00 AM.').waitFor();
        await dialog.getByText('The teacher has another class at this time').waitFor();
        await expect(dialog.getByRole('link', { name: 'Open that class' }).getAttribute('href')).resolves.toBe(
            `/events/${busy.id}`,
        );

        await dialog.getByLabel('Starts at').fill('2027-06-07T07:00');
        await dialog.getByLabel('Notes').fill('Moved an hour earlier');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await p.getByRole('heading', { level: 1, name: /06\/07\/2027 7:00 AM/ }).waitFor();
        const stored = await api<{ startsAt: string; notes: string }>(`/events/${moving.id}`);
        expect(stored).toMatchObject({ startsAt: '2027-06-07T07:00', notes: 'Moved an hour earlier' });
    });

    it('the week view in Russian starts on Monday, with Russian day names and 24-hour times', async () => {
        await api('/events', {
            title: 'E2E утро',
            courseId: 1,
            teacherId: anna,
            studioId: 3,
            startsAt: '2027-04-11T07:05',
            durationMinutes: 30,
            capacity: 10,
        });
        const p = await page();
        await p.goto('/login');
        await p.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ru')));
        await signIn(p, 'manager');
        await p.goto('/events');
        await p.getByRole('button', { name: 'Неделя' }).click();
        await p.getByLabel('С', { exact: true }).fill('2027-04-08');
        await p.getByTestId('week-title').getByText('05.04.2027 – 11.04.2027').waitFor();
        const days = await p.getByRole('region').locator('.MuiTypography-subtitle2').allInnerTexts();
        expect(days.map(day => day.split(' ')[0])).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
        await p
            .getByRole('region', { name: formatFullDate('2027-04-11', 'ru') })
            .getByText(/^7:05 \S.* · E2E утро$/)
            .waitFor();
    });

    it('a manager opens the group’s journal for the month and the marks match', async () => {
        const [first, second] = await Promise.all([buildCustomer('Journalova'), buildCustomer('Journalov')]);
        // A past month, so that its classes may be marked.
        const group = await buildGroup({
            title: 'E2E journal group',
            slots: [{ weekday: 3, startTime: '05:30', durationMinutes: 30 }],
            startsOn: '2025-02-01',
            customerIds: [first.id, second.id],
        });
        const generated = await api<{ events: { id: number; startsAt: string }[] }>(`/schedules/${group.id}/generate`, {
            from: '2025-02-01',
            to: '2025-02-28',
        });
        expect(generated.events.map(event => event.startsAt)).toEqual([
            '2025-02-05T05:30',
            '2025-02-12T05:30',
            '2025-02-19T05:30',
            '2025-02-26T05:30',
        ]);
        const [one, two] = generated.events;
        await api('/attendances', { eventId: one.id, customerId: first.id, status: 'attended' });
        await api('/attendances', { eventId: one.id, customerId: second.id, status: 'excused' });
        await api('/attendances', { eventId: two.id, customerId: first.id, status: 'late' });

        const p = await page();
        await signIn(p, 'manager');
        await p.goto(`/schedules/${group.id}`);
        await p.getByRole('link', { name: 'Attendance journal' }).click();
        await p.waitForURL(`**/reports/attendances/${group.id}**`);
        await p.getByLabel('Month').fill('2025-02');
        await p.waitForURL(/month=2025-02/);
        const cells = async (name: string) =>
            (await p.getByTestId('journal-row').filter({ hasText: name }).locator('td').allInnerTexts()).map(text =>
                text.trim(),
            );
        await expect.poll(() => cells('Journalova')).toEqual(['Journalova E2e', 'Attended', 'Late', '', '', '2']);
        await expect(cells('Journalov E2e')).resolves.toEqual(['Journalov E2e', 'Excused', '', '', '', '0']);
        await expect(p.getByTestId('journal-total').innerText()).resolves.toBe('2');
    });
});
