import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { addDays, studioToday } from '../../src/domain/time';
import { describeInBrowser, servedAppWithMail } from '../support/browser';
import { freshPhone } from '../support/factories';
import { call, login } from '../support/server';
import { ownTeacherAndHall, type OwnTimetable } from '../support/ownTimetable';

/*
 * The issue's journeys in the customers' portal, on a 390x844 touch screen, on the built app with the real
 * clock and a real SMTP server the test starts: a customer signs in with the code from the mail (in
 * English, and again in Russian), books a class, joins the line of a full one and sees the seat become hers when the desk
 * cancels the booking ahead of her; a parent (in Russian) books a class for her child; a customer (in
 * Russian) pauses her pass and sees its end date move.
 */

describeInBrowser('the portal on a phone', () => {
    const app = servedAppWithMail();

    const api = async <T>(path: string, json?: unknown, method = json === undefined ? 'GET' : 'POST') => {
        const answer = await call(app.server.url, `/api${path}`, {
            method,
            token: await login(app.server.url, 'admin'),
            json,
        });
        if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };
    const customer = async (firstName: string, locale: 'en' | 'ru', fields: Record<string, unknown> = {}) =>
        api<{ id: number; email: string }>('/customers', {
            firstName,
            lastName: 'Portalova',
            phone: freshPhone(),
            email: `e2e-${firstName.toLowerCase()}@example.test`,
            status: 'active',
            locale,
            ...fields,
        });
    // A teacher and a hall of the file's own: the demo's timetable is nobody's business here.
    let own: OwnTimetable;
    const classAt = (title: string, startsAt: string, capacity: number) =>
        api<{ id: number }>('/events', {
            title,
            courseId: 1,
            ...own,
            startsAt,
            durationMinutes: 45,
            capacity,
        });

    let today = '';
    let tomorrow = '';
    beforeAll(async () => {
        const config = await api<{ timezone: string }>('/configs/general');
        today = studioToday(config.timezone, new Date());
        tomorrow = addDays(today, 1);
        const { teacherId, studioId } = await ownTeacherAndHall(app.server.url, 'Portal');
        own = { teacherId, studioId };
    });

    /** A phone in the customer's hand: a touch screen 390 px wide, in their browser's language. */
    const phone = async (locale: string): Promise<Page> => {
        const context = await app.browser.newContext({
            baseURL: app.server.url,
            viewport: { width: 390, height: 844 },
            isMobile: true,
            hasTouch: true,
            locale,
        });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        return page;
    };

    /** Signs in at /my with the code the mail brings, as a person does. */
    const signInWithCode = async (page: Page, email: string) => {
        await page.goto('/my');
        await page.getByLabel(/E-mail or phone|E-mail или телефон/).fill(email);
        const seen = app.mailbox.to(email).length;
        await page.getByRole('button', { name: /^(Send code|Получить код)$/ }).tap();
        await expect.poll(() => app.mailbox.to(email).length, { timeout: 15_000 }).toBeGreaterThan(seen);
        const code = /\b(\d{6})\b/.exec(app.mailbox.to(email).at(-1)!.text ?? '')![1];
        // Six digits sign in at once, as when the phone fills the code in from the message.
        await page.getByLabel(/Code from the message|Код из сообщения/).fill(code);
    };

    const card = (page: Page, title: string) => page.getByRole('article', { name: new RegExp(title) });

    const words = {
        en: {
            browser: 'en-US',
            classes: 'Classes',
            book: 'Book',
            booked: 'Booked',
            fourLeft: '4 seats left',
            full: 'Full',
            joinLine: 'Join the line',
            inLine: 'In line: 1st',
            bookings: 'Bookings',
        },
        ru: {
            browser: 'ru-RU',
            classes: 'Занятия',
            book: 'Записаться',
            booked: 'Вы записаны',
            fourLeft: 'Осталось 4 места',
            full: 'Мест нет',
            joinLine: 'Встать в очередь',
            inLine: 'В очереди: 1-й',
            bookings: 'Записи',
        },
    };

    it.each(['en', 'ru'] as const)(
        'a customer signs in with the code from the mail, books a class, joins a line and gets the seat a staff cancel frees (%s)',
        async locale => {
            const said = words[locale];
            const pia = await customer(`Pia${locale}`, locale);
            await api('/passes/sell', { customerId: pia.id, subscriptionId: 3, startsOn: today, method: 'cash' });
            const rex = await customer(`Rex${locale}`, locale);
            await api('/passes/sell', { customerId: rex.id, subscriptionId: 3, startsOn: today, method: 'cash' });
            // Classes of their own for each language, at other times: the two runs book apart.
            const hour = locale === 'en' ? 18 : 20;
            await classAt(`Portal open flow ${locale}`, `${tomorrow}T${hour}:00`, 5);
            const single = await classAt(`Portal single seat ${locale}`, `${tomorrow}T${hour + 1}:00`, 1);
            const held = await api<{ id: number }>('/bookings', { eventId: single.id, customerId: rex.id });

            const page = await phone(said.browser);
            await signInWithCode(page, pia.email);
            await expect.poll(() => page.getByRole('heading', { name: said.classes }).isVisible()).toBe(true);

            const open = card(page, `Portal open flow ${locale}`);
            await open.getByRole('button', { name: said.book }).tap();
            await expect.poll(() => open.getByText(said.booked, { exact: true }).isVisible()).toBe(true);
            await expect.poll(() => open.getByText(said.fourLeft).isVisible()).toBe(true);

            const full = card(page, `Portal single seat ${locale}`);
            await expect.poll(() => full.getByText(said.full, { exact: true }).isVisible()).toBe(true);
            await full.getByRole('button', { name: said.joinLine }).tap();
            await expect.poll(() => full.getByText(said.inLine).isVisible()).toBe(true);

            // The desk cancels the seat ahead of her: the line moves, and the seat is hers.
            await api(`/bookings/${held.id}/cancel`, {});
            await page.getByRole('link', { name: said.bookings }).tap();
            const mine = card(page, `Portal single seat ${locale}`);
            await expect
                .poll(() => mine.getByText(said.booked, { exact: true }).isVisible(), { timeout: 15_000 })
                .toBe(true);
            await expect.poll(() => card(page, `Portal open flow ${locale}`).isVisible()).toBe(true);
            await page.context().close();
        },
    );

    it('a parent books a class for her child, in Russian', async () => {
        const mother = await customer('Mama', 'ru');
        const child = await customer('Dasha', 'ru', { guardianId: mother.id, email: null });
        await api('/passes/sell', { customerId: child.id, subscriptionId: 3, startsOn: today, method: 'cash' });
        const kids = await classAt('Portal kids dance', `${tomorrow}T17:00`, 8);

        const page = await phone('ru-RU');
        await signInWithCode(page, mother.email);
        await page.getByRole('button', { name: 'Dasha', exact: true }).tap();
        const lesson = card(page, 'Portal kids dance');
        await lesson.getByRole('button', { name: 'Записаться' }).tap();
        await expect.poll(() => lesson.getByText('Вы записаны', { exact: true }).isVisible()).toBe(true);
        const bookings = await api<{ customerId: number; source: string }[]>(
            `/bookings?filter=${encodeURIComponent(JSON.stringify({ eventId: kids.id }))}`,
        );
        expect(bookings).toEqual([expect.objectContaining({ customerId: child.id, source: 'portal' })]);
        // Acting for herself, the mother has no seat in the child's class.
        await page.getByRole('button', { name: 'Я', exact: true }).tap();
        await expect.poll(() => card(page, 'Portal kids dance').getByText('Вы записаны').count()).toBe(0);
        await page.context().close();
    });

    it('a customer pauses her pass and sees its end date move, in Russian', async () => {
        const vera = await customer('Vera', 'ru');
        const sold = await api<{ pass: { id: number; endsOn: string } }>('/passes/sell', {
            customerId: vera.id,
            subscriptionId: 3,
            startsOn: today,
            method: 'cash',
        });
        const before = sold.pass.endsOn;
        const ruDate = (date: string) =>
            new Intl.DateTimeFormat('ru-RU', {
                day: 'numeric',
                month: 'long',
                year: 'numeric',
                timeZone: 'UTC',
            }).format(new Date(`${date}T00:00:00Z`));

        const page = await phone('ru-RU');
        await signInWithCode(page, vera.email);
        await page.getByRole('link', { name: 'Абонементы' }).tap();
        const pass = page.getByRole('article').filter({ hasText: ruDate(before) });
        await expect.poll(() => pass.isVisible()).toBe(true);
        await pass.getByRole('button', { name: 'Заморозить' }).tap();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('С', { exact: true }).fill(addDays(today, 2));
        await dialog.getByLabel('По', { exact: true }).fill(addDays(today, 4));
        await dialog.getByRole('button', { name: 'Дальше' }).tap();
        const after = addDays(before, 3);
        await expect.poll(() => dialog.getByText(`до ${ruDate(after)}`).isVisible()).toBe(true);
        await dialog.getByRole('button', { name: 'Заморозить' }).tap();
        await expect
            .poll(() =>
                page
                    .getByRole('article')
                    .filter({ hasText: ruDate(after) })
                    .isVisible(),
            )
            .toBe(true);
        const stored = await api<{ endsOn: string; frozenFrom: string }>(`/passes/${sold.pass.id}`);
        expect(stored).toMatchObject({ endsOn: after, frozenFrom: addDays(today, 2) });
        await page.context().close();
    });
});
