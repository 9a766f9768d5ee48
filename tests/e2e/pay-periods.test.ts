import { expect, it } from 'vitest';
import type { TeacherPayAnswer } from '../../src/domain/api';
import { monthBounds } from '../../src/domain/journal';
import { addDays, studioToday } from '../../src/domain/time';
import { describeInBrowser, servedApp, signIn } from '../support/browser';
import { call, login } from '../support/server';

/*
 * Closing a month of teacher pay as a studio does it: a manager closes last month for every teacher on
 * the Teacher pay page; a visit of that month marked wrong is put right by the manager and paid as an
 * adjustment this month while last month keeps its figures; the teacher sees the class closed to them;
 * an admin reopens the month, and the page says who did what and when.
 */

const today = studioToday('Europe/Moscow', new Date());
const [thisMonth, thisMonthEnd] = monthBounds(today.slice(0, 7));
const lastMonth = monthBounds(addDays(thisMonth, -1).slice(0, 7));
const anna = 3;

describeInBrowser('closed pay periods in a browser', () => {
    const app = servedApp();

    /** Anna's pay for a period as the API gives it. */
    const payOf = async ([from, to]: readonly string[]) =>
        (
            await call(app.server.url, `/api/teachers/${anna}/pay?from=${from}&to=${to}`, {
                token: await login(app.server.url, 'manager'),
            })
        ).body as unknown as TeacherPayAnswer;

    it('a manager closes last month, puts a visit right as an adjustment, the teacher is kept out, an admin reopens', async () => {
        const page = await app.page();
        await signIn(page, 'manager');
        await page.getByRole('menuitem', { name: 'Teacher pay' }).click();
        await page.waitForURL('**/reports/pay');
        await expect.poll(() => page.getByTestId('payroll-row').count()).toBeGreaterThan(0);
        await page.getByRole('button', { name: 'Close period' }).click();
        await page.getByRole('dialog').getByText('Close the pay of every teacher').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Close period' }).click();
        await page.getByText(/Closed for \d+ teachers/).waitFor();
        await expect
            .poll(() => page.getByTestId('payroll-closed').count())
            .toBe(await page.getByTestId('payroll-row').count());
        expect(await page.getByRole('button', { name: 'Close period' }).count()).toBe(0);

        // A visit of last month marked wrong: Anna is paid per visit.
        const closed = await payOf(lastMonth);
        const row = closed.events.find(line => line.attendees.some(attendee => attendee.status === 'attended'))!;
        const attendee = row.attendees.find(person => person.status === 'attended')!;
        const thisMonthBefore = await payOf([thisMonth, thisMonthEnd]);
        await page.goto(`/events/${row.event.id}`);
        await page
            .getByTestId('pay-closed-note')
            .getByText('a change of these marks is paid as an adjustment')
            .waitFor();
        const person = page.getByTestId('roster-row').filter({ hasText: attendee.name });
        await person.getByRole('button', { name: 'Excused' }).click();
        await expect
            .poll(() => person.getByRole('button', { name: 'Excused' }).getAttribute('aria-pressed'))
            .toBe('true');

        // Last month is as it was closed; this month pays the adjustment.
        expect((await payOf(lastMonth)).total).toBe(closed.total);
        await page.goto(`/attendances/${anna}`);
        const adjustment = page.getByTestId('pay-adjustment');
        await adjustment.first().waitFor();
        expect(await adjustment.count()).toBe(1);
        expect(await adjustment.innerText()).toContain('Мария Менеджер');
        expect(await adjustment.innerText()).toMatch(/-RUB\s300\.00/);
        expect((await payOf([thisMonth, thisMonthEnd])).total).toBe(thisMonthBefore.total - 300);

        // The teacher's own class of the closed month: the marks are closed to her.
        const teacher = await app.page();
        await signIn(teacher, 'teacher');
        await teacher.goto(`/events/${row.event.id}`);
        await teacher.getByTestId('pay-closed-note').getByText('ask a manager to change these marks').waitFor();
        expect(
            await teacher.getByTestId('roster-row').first().getByRole('button', { name: 'Attended' }).isDisabled(),
        ).toBe(true);

        // An admin reopens last month on Anna's page: the notice says who closed it, then who reopened it.
        const admin = await app.page();
        await signIn(admin, 'admin');
        await admin.goto(`/attendances/${anna}`);
        await admin.getByLabel('From', { exact: true }).waitFor();
        await admin.getByLabel('From', { exact: true }).fill(lastMonth[0]);
        await admin.getByLabel('To', { exact: true }).fill(lastMonth[1]);
        const notice = admin.getByTestId('pay-period-closed');
        await notice.getByText('by Мария Менеджер').waitFor();
        expect(await admin.getByTestId('pay-closed-class').count()).toBe(closed.events.length);
        await notice.getByRole('button', { name: 'Reopen' }).click();
        await admin.getByRole('dialog').getByRole('button', { name: 'Reopen' }).click();
        await admin.getByTestId('pay-period-reopened').getByText('by Ольга Админ').waitFor();
        expect(await admin.getByTestId('pay-closed-class').count()).toBe(0);
        expect(await admin.getByTestId('pay-total-top').innerText()).toContain(
            (closed.total - 300).toLocaleString('en-US', { minimumFractionDigits: 2 }),
        );
    });
});
