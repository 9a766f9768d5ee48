import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatFullDate } from '../../src/app/i18n/dates';
import { describeInBrowser, distDir, launchBrowser, newPage, signIn } from '../support/browser';
import { call, login, removeDir, startServerProcess, type RunningServer } from '../support/server';
import { db, later, old, oldMark, today, todayPupil, todays } from '../support/teacher-window';

/*
 * The teacher's window on a class's marks, in a browser: a teacher marks today's class; a class older
 * than the window (configs.teacherEditDays, 2 by default) shows its marks locked and the API refuses
 * them; a class of a later day cannot be marked yet; a manager changes the old mark. The journeys run
 * in order on one server, each from where the one before left the database (its demo copy and the
 * classes of these journeys: tests/support/teacher-window.ts).
 */

db.attendances.push(oldMark);

describeInBrowser('the teacher’s window on marks, in a browser', () => {
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

    const pageAs = async (role: 'teacher' | 'manager' | 'admin') => {
        const { page } = await newPage(browser, server.url);
        await signIn(page, role);
        return page;
    };
    const row = (p: Page, name: string) => p.getByTestId('roster-row').filter({ hasText: name });

    it('a teacher opens today’s class from the week of today and marks it', async () => {
        const p = await pageAs('teacher');
        await p.goto('/events');
        await p.getByRole('button', { name: 'Week' }).click();
        await p
            .getByRole('region', { name: formatFullDate(today, 'en') })
            .getByText(/^5:10 AM \S.* · E2E today class$/)
            .click();
        await p.waitForURL(`**/events/${todays.id}`);
        await row(p, 'Todayeva').getByRole('button', { name: 'Attended' }).click();
        await expect
            .poll(() => row(p, 'Todayeva').getByRole('button', { name: 'Attended' }).getAttribute('aria-pressed'))
            .toBe('true');
        await row(p, 'Todayeva').getByText('7 visits left · charged').waitFor();
        await expect(p.getByTestId('marking-note').count()).resolves.toBe(0);
    });

    it('a class older than the window shows locked to the teacher, and the API refuses the teacher', async () => {
        const p = await pageAs('teacher');
        await p.goto(`/events/${old.id}`);
        await p
            .getByTestId('marking-note')
            .getByText(/Marks of this class are locked: teachers change them up to 2 days after the class/)
            .waitFor();
        await expect(row(p, 'Oldova').getByRole('button', { name: 'Excused' }).isDisabled()).resolves.toBe(true);
        await expect(row(p, 'Oldova').getByRole('button', { name: 'Remove the mark' }).isDisabled()).resolves.toBe(
            true,
        );

        const token = await login(server.url, 'teacher');
        const refused = await call(server.url, `/api/attendances/${oldMark.id}`, {
            method: 'PUT',
            token,
            json: { status: 'excused' },
        });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
            errors: { eventId: 'app.validation.teacher_window' },
            teacherEditDays: 2,
        });
        const added = await call(server.url, '/api/attendances', {
            method: 'POST',
            token,
            json: { eventId: old.id, customerId: todayPupil.id, status: 'attended' },
        });
        expect(added.status).toBe(403);
    });

    it('an admin widens the window on the general settings page, and the teacher’s old class opens', async () => {
        const admin = await pageAs('admin');
        await admin.goto('/configs');
        const field = admin.getByLabel('Teachers change marks for, days after the class');
        await expect.poll(() => field.inputValue()).toBe('2');
        await field.fill('5');
        await admin.getByRole('button', { name: 'Save' }).click();
        const token = await login(server.url, 'admin');
        await expect
            .poll(async () => (await call(server.url, '/api/configs/general', { token })).body.teacherEditDays)
            .toBe(5);

        const p = await pageAs('teacher');
        await p.goto(`/events/${old.id}`);
        await row(p, 'Oldova').getByText('Debt').waitFor();
        await expect(p.getByTestId('marking-note').count()).resolves.toBe(0);
        await expect(row(p, 'Oldova').getByRole('button', { name: 'Excused' }).isDisabled()).resolves.toBe(false);
        // Back to the default for the journeys after this one.
        expect(
            (await call(server.url, '/api/configs/general', { method: 'PUT', token, json: { teacherEditDays: 2 } }))
                .status,
        ).toBe(200);
    });

    it('a class of a later day shows its buttons disabled with the day its marks open', async () => {
        const p = await pageAs('manager');
        await p.goto(`/events/${later.id}`);
        await p
            .getByTestId('marking-note')
            .getByText(/marks open on that day/)
            .waitFor();
        await expect(row(p, 'Todayeva').getByRole('button', { name: 'Attended' }).isDisabled()).resolves.toBe(true);
    });

    it('a manager changes the old mark', async () => {
        const p = await pageAs('manager');
        await p.goto(`/events/${old.id}`);
        await row(p, 'Oldova').getByText('Debt').waitFor();
        await expect(p.getByTestId('marking-note').count()).resolves.toBe(0);
        await row(p, 'Oldova').getByRole('button', { name: 'Excused' }).click();
        await expect
            .poll(() => row(p, 'Oldova').getByRole('button', { name: 'Excused' }).getAttribute('aria-pressed'))
            .toBe('true');
        const token = await login(server.url, 'manager');
        const stored = await call(server.url, `/api/attendances/${oldMark.id}`, { token });
        expect(stored.body).toMatchObject({ status: 'excused', unpaid: false, markedBy: 2 });
    });

    it('a manager cancels today’s class after a confirmation naming the visits given back, and the header follows', async () => {
        const p = await pageAs('manager');
        await p.goto(`/events/${todays.id}`);
        await p.getByTestId('capacity').getByText('Visits: 1 / 10').waitFor();
        await p.getByRole('button', { name: 'Cancel class' }).click();
        const dialog = p.getByRole('dialog');
        await dialog.getByText('Nobody will be charged for it. 1 visit will be given back to the passes.').waitFor();
        await dialog.getByRole('button', { name: 'Cancel class' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await p.getByText('This class is cancelled: nobody is marked or charged.').waitFor();
        await p.getByRole('button', { name: 'Reinstate class' }).waitFor();
        await p.getByText('Cancelled', { exact: true }).waitFor();
        // Its visits were given back: the header counts none.
        await p.getByTestId('capacity').getByText('Visits: 0 / 10').waitFor();
        await row(p, 'Todayeva').getByText('8 visits left').waitFor();
    });

    it('the classes list opens from today, soonest first, and filters by status and teacher', async () => {
        const p = await pageAs('manager');
        await p.goto('/events');
        await expect.poll(() => p.getByLabel('From', { exact: true }).inputValue()).toBe(today);
        // Today's class at 05:10 is the first of the list; the class of three days ago is not in it.
        await expect.poll(() => p.locator('tbody tr').first().innerText()).toMatch(/E2E today class/);
        await expect(p.getByText('E2E old class').count()).resolves.toBe(0);
        await p.getByRole('combobox', { name: 'Status' }).click();
        await p.getByRole('option', { name: 'Cancelled', exact: true }).click();
        await expect.poll(() => p.getByText('E2E later class').count()).toBe(0);
        await p.getByText('E2E today class').waitFor();
        await p.getByRole('combobox', { name: 'Status' }).click();
        await p.getByRole('option', { name: 'Planned', exact: true }).click();
        await expect.poll(() => p.getByText('E2E today class').count()).toBe(0);
        await p.getByRole('combobox', { name: 'Teacher' }).fill('Anna');
        await p.getByRole('option', { name: 'Анна Петрова' }).click();
        await expect.poll(() => p.getByText('Борис Соколов').count()).toBe(0);
    });

    it('a missing class or a bad address shows the not-found page at once', async () => {
        const p = await pageAs('manager');
        for (const address of ['/events/abc', '/events/99999']) {
            await p.goto(address);
            // A wait, not a timing: the page says so instead of waiting on a record that never comes.
            await p.getByText(`Page not found: ${address}`).waitFor({ timeout: 10_000 });
        }
    });

    it('a manager generates the classes of all active groups from the Schedules list and reads each group’s result', async () => {
        const p = await pageAs('manager');
        await p.goto('/schedules');
        await p.getByRole('button', { name: 'Generate for all groups' }).click();
        const dialog = p.getByRole('dialog');
        await dialog.getByLabel('From', { exact: true }).fill('2027-01-04');
        await dialog.getByLabel('To', { exact: true }).fill('2027-01-10');
        await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
        await dialog
            .getByRole('status')
            .getByText(/classes added in all\./)
            .waitFor();
        await expect(
            dialog
                .getByTestId('generation-group')
                .filter({ hasText: 'Хатха-йога · Ср/Пт 08:00' })
                .locator('td')
                .nth(1)
                .innerText(),
        ).resolves.toBe('2');
        // Generating again finds every class there, and says so in words.
        await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
        await dialog.getByRole('status').getByText('0 classes added in all.').waitFor();
        await dialog
            .getByTestId('generation-group')
            .filter({ hasText: 'Хатха-йога · Ср/Пт 08:00' })
            .getByText('01/06/2027 8:00 AM: already exists')
            .waitFor();
    });
});
