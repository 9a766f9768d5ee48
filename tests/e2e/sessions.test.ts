import { it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInBrowser, servedApp, signIn } from '../support/browser';

/*
 * A front desk shares one manager login across devices: signing out on one leaves the others at work,
 * and "Sign out everywhere" ends them all, each device told why on the sign-in page.
 */

describeInBrowser('sessions in a browser', () => {
    const app = servedApp();

    const openMenu = async (p: Page) => p.getByRole('button', { name: 'Profile' }).click();

    it('two browsers on one manager login: one signs out and the other keeps working, until one signs out everywhere', async () => {
        const desk = await app.page();
        const office = await app.page();
        await signIn(desk, 'manager');
        await signIn(office, 'manager');

        await openMenu(desk);
        await desk.getByRole('menuitem', { name: 'Logout' }).click();
        await desk.waitForURL('**/login');
        await desk.getByText('You were signed out on this device.').waitFor();

        await office.goto('/customers');
        await office.getByText('1-10 of 150').waitFor();

        await signIn(desk, 'manager');
        await openMenu(desk);
        await desk.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
        await desk.waitForURL('**/login');
        await desk.getByText('You were signed out everywhere: on every device with this account.').waitFor();

        // The office's next request is refused, and its sign-in page says why.
        await office.getByRole('button', { name: 'Go to page 2' }).click();
        await office.waitForURL('**/login');
        await office.getByText('You were signed out everywhere: on every device with this account.').waitFor();
    });

    it('says it in Russian too, and the sign-in page stays in Russian', async () => {
        const p = await app.page();
        await signIn(p, 'manager');
        await p.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ru')));
        await p.reload();
        await p.getByRole('button', { name: 'Профиль' }).click();
        await p.getByRole('menuitem', { name: 'Выйти на всех устройствах' }).click();
        await p.waitForURL('**/login');
        await p.getByText('Вы вышли на всех устройствах с этой учётной записью.').waitFor();
        // Signing out keeps the language this browser chose.
        await p.reload();
        await p.getByRole('button', { name: 'Войти' }).waitFor();
    });
});
