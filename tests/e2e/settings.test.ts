import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInBrowser, servedApp, signIn } from '../support/browser';
import { call, login } from '../support/server';

describeInBrowser('the settings screens in a browser', () => {
    const app = servedApp();

    const page = app.page;
    const rowOf = (p: Page, text: string) => p.locator('tbody tr', { hasText: text });
    const search = async (p: Page, text: string) => {
        await p.getByPlaceholder('Search').fill(text);
        await p.waitForURL(url => decodeURIComponent(url.search).includes(text));
    };

    it('an admin creates a direction, a course in it and a plan limited to it, and finds them in the lists', async () => {
        const p = await page();
        await signIn(p, 'admin');
        const direction = `Контемпорари ${Date.now()}`;

        await p.goto('/settings/directions/create');
        await p.getByLabel('Name', { exact: true }).fill(direction);
        await p.getByLabel('Colour', { exact: true }).fill('#7b1fa2');
        await p.getByRole('button', { name: 'Save' }).click();
        await p.waitForURL(url => url.pathname === '/settings/directions');
        await rowOf(p, direction).waitFor();

        await p.goto('/settings/courses/create');
        await p.getByLabel('Name', { exact: true }).fill(`${direction} для начинающих`);
        await p.getByLabel('Direction', { exact: true }).click();
        await p.getByRole('option', { name: direction }).click();
        await p.getByLabel('Level').click();
        await p.getByRole('option', { name: 'Beginner' }).click();
        await p.getByRole('button', { name: 'Save' }).click();
        await p.waitForURL(url => url.pathname === '/settings/courses');
        await search(p, `${direction} для начинающих`);
        await expect
            .poll(() => rowOf(p, `${direction} для начинающих`).innerText())
            .toMatch(new RegExp(`${direction}[\\s\\S]*Beginner`));

        await p.goto('/settings/subscriptions/create');
        await p.getByLabel('Name', { exact: true }).fill(`${direction} · 4 занятия`);
        await p.getByLabel('Price').fill('3600');
        await p.getByLabel('Visits (empty for unlimited)').fill('4');
        // The chosen direction shows as a chip before the plan is saved: an option clicked while the server's
        // answer to the typed text redraws the list is lost, and the plan would be for all directions.
        const chosen = p.locator('.MuiChip-root', { hasText: direction });
        await expect
            .poll(async () => {
                if (!(await chosen.count())) {
                    await p.getByLabel('Directions (empty for all)').fill(direction.slice(0, 12));
                    await p.getByRole('option', { name: direction }).click();
                }
                return chosen.count();
            })
            .toBe(1);
        await p.getByRole('button', { name: 'Save' }).click();
        await p.waitForURL(url => url.pathname === '/settings/subscriptions');
        await search(p, `${direction} · 4 занятия`);
        const plan = await rowOf(p, `${direction} · 4 занятия`).innerText();
        expect(plan).toContain(direction);
        expect(plan).not.toContain('All directions');
        expect(plan).toMatch(/3,600\.00/);

        // Filtered by the new direction: its own plan and the plans for every direction, not other directions' plans.
        // A page long enough for every plan of the demo and the new one.
        await p.goto(`/settings/subscriptions?filter=${encodeURIComponent('{}')}&perPage=25`);
        await rowOf(p, 'Йога 8 занятий').waitFor();
        expect(await rowOf(p, 'Безлимит на месяц').innerText()).toContain('All directions');
        await p.getByRole('button', { name: 'Add filter' }).click();
        await p.getByRole('menu').getByText('For direction').click();
        await p.getByRole('combobox', { name: 'For direction' }).fill(direction.slice(0, 12));
        await p.getByRole('option', { name: direction }).click();
        await rowOf(p, `${direction} · 4 занятия`).waitFor();
        await rowOf(p, 'Безлимит на месяц').waitFor();
        await expect.poll(() => rowOf(p, 'Йога 8 занятий').count()).toBe(0);
    });

    it('an admin reorders the attendance marks and changes the default, and both survive a reload', async () => {
        const p = await page();
        await signIn(p, 'admin');
        await p.goto('/settings/statuses/attendance');
        const labels = () => p.locator('tbody tr td:nth-child(2)').allInnerTexts();
        await expect.poll(labels).toEqual(['Attended', 'Late', 'Missed', 'Excused', 'Trial']);
        await p.getByRole('button', { name: 'Move Excused up' }).click();
        await expect.poll(labels).toEqual(['Attended', 'Late', 'Excused', 'Missed', 'Trial']);
        await p.getByRole('button', { name: 'Move Attended down' }).click();
        await expect.poll(labels).toEqual(['Late', 'Attended', 'Excused', 'Missed', 'Trial']);
        await p.getByRole('button', { name: 'Make Late the default' }).click();
        await p.getByLabel('Late is the default').waitFor();
        await p.getByRole('button', { name: 'Make Attended the default' }).waitFor();

        await p.reload();
        await expect.poll(labels).toEqual(['Late', 'Attended', 'Excused', 'Missed', 'Trial']);
        await p.getByLabel('Late is the default').waitFor();
        expect(await p.getByLabel('Attended is the default').count()).toBe(0);

        await p.getByRole('button', { name: 'Add status' }).click();
        const dialog = p.getByRole('dialog');
        await dialog.getByLabel('Label in English').fill('Make-up class');
        await dialog.getByLabel('Label in Russian').fill('Отработка');
        await dialog.getByLabel('Code').fill('makeup');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expect.poll(labels).toEqual(['Late', 'Attended', 'Excused', 'Missed', 'Trial', 'Make-up class']);

        // Cancel closes the dialog without saving.
        await p.getByRole('button', { name: 'Add status' }).click();
        await p.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        await expect.poll(() => p.getByRole('dialog').count()).toBe(0);

        // In Russian, the labels read in Russian, and deleting names the status.
        await p.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ru')));
        await p.reload();
        await expect.poll(labels).toEqual(['Опоздал', 'Был', 'Уважительная', 'Пропуск', 'Пробное', 'Отработка']);
        await rowOf(p, 'Отработка').getByRole('button', { name: 'Удалить' }).click();
        await p.getByText('Удалить «Отработка»?').waitFor();
        await p.getByRole('button', { name: 'Подтвердить' }).click();
        await expect.poll(labels).toEqual(['Опоздал', 'Был', 'Уважительная', 'Пропуск', 'Пробное']);
    });

    it('a new customer form speaks Russian and warns of a phone that already belongs to someone', async () => {
        const p = await page();
        await signIn(p, 'manager');
        await p.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ru')));
        const token = await login(app.server.url, 'manager');
        const stamp = Date.now() % 10_000_000;
        const phone = `+7 983 ${String(stamp).padStart(7, '0')}`;
        const existing = await call(app.server.url, '/api/customers', {
            method: 'POST',
            token,
            json: { firstName: 'Дубль', lastName: `Первый${stamp}`, phone, status: 'lead' },
        });
        expect(existing.status).toBe(201);

        await p.goto('/customers/create');
        await p.getByLabel('Имя', { exact: true }).fill('Дубль');
        await p.getByLabel('Email').fill('not an e-mail');
        await p.getByRole('button', { name: 'Сохранить' }).click();
        await p.getByText('Обязательно для заполнения').first().waitFor();
        expect(await p.locator('body').innerText()).not.toMatch(/Invalid input|expected string/);

        await p.getByLabel('Фамилия').fill(`Второй${stamp}`);
        await p.getByLabel('Email').fill('');
        await p.getByRole('switch', { name: 'Клиент согласен на обработку персональных данных' }).check();
        // The same number written the other way: 8 instead of +7.
        await p.getByLabel('Телефон').fill(phone.replace('+7', '8'));
        const warning = p.getByRole('alert');
        await warning.getByRole('link', { name: `Дубль Первый${stamp}` }).waitFor();
        await p.getByRole('button', { name: 'Сохранить' }).click();
        await p.getByRole('button', { name: 'Всё равно сохранить' }).click();
        await p.waitForURL(
            url => /\/customers\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${String(existing.body.id)}`),
        );
        await p.getByText(`Дубль Второй${stamp}`).first().waitFor();
    });

    it('a manager reads the courses, finds no way to change them, and the server refuses a PUT', async () => {
        const p = await page();
        await signIn(p, 'manager');
        await p.goto('/settings/courses');
        await p.locator('tbody tr').first().waitFor();
        expect(await p.getByRole('button', { name: 'Export' }).count()).toBe(1);
        expect(await p.getByRole('link', { name: 'Create' }).count()).toBe(0);
        const name = (await p.locator('tbody tr td').first().innerText()).trim();
        await p.locator('tbody tr').first().click();
        await p.waitForURL(/\/settings\/courses\/\d+$/);
        // The title names the course too: wait for the page's own fields.
        await p.locator('.RaShow-main').getByText(name).waitFor();
        expect(await p.getByRole('textbox').count()).toBe(0);
        expect(await p.getByRole('button', { name: /Save|Delete/ }).count()).toBe(0);

        const token = await login(app.server.url, 'manager');
        const id = new URL(p.url()).pathname.split('/').pop();
        const refused = await call(app.server.url, `/api/courses/${id}`, {
            method: 'PUT',
            token,
            json: { name: 'Changed by a manager' },
        });
        expect(refused.status).toBe(403);
    });

    it('a duplicate email is refused with the message on the field', async () => {
        const p = await page();
        await signIn(p, 'admin');
        await p.goto('/settings/users/create');
        await p.getByLabel('Name', { exact: true }).fill('Second manager');
        await p.getByLabel('Email').fill('MANAGER@studio.test');
        await p.getByLabel('Password', { exact: true }).fill('a-long-password');
        await p.getByRole('button', { name: 'Save' }).click();
        const field = p.locator('.MuiFormControl-root', { has: p.getByLabel('Email') });
        await field.getByText('This value is already taken').waitFor();
        expect(new URL(p.url()).pathname).toBe('/settings/users/create');
    });

    it('deleting a direction in use explains why in Russian and deactivates it instead', async () => {
        const p = await page();
        await p.goto('/login');
        await p.evaluate(() => localStorage.setItem('RaStore.locale', '"ru"'));
        await signIn(p, 'admin');
        await p.goto('/settings/directions/1');
        await expect
            .poll(() => p.locator('#react-admin-title').innerText(), { timeout: 15_000 })
            .toMatch(/^Направление «\S.*»$/);
        await p.getByRole('button', { name: 'Удалить' }).click();
        await p
            .getByRole('dialog')
            .getByRole('button', { name: /Подтвердить|Да/ })
            .click();
        const dialog = p.getByRole('dialog');
        await dialog.getByText(/Эту запись нельзя удалить: она используется \(\d+ курс/).waitFor();
        await dialog.getByRole('button', { name: 'Сделать неактивной' }).click();
        await p.getByText('Запись больше не активна').waitFor();
        const token = await login(app.server.url, 'admin');
        expect((await call(app.server.url, '/api/directions/1', { token })).body.active).toBe(false);
    });
});
