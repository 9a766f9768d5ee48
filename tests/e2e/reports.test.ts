import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { studioToday } from '../../src/domain/time';
import type { Schedule, Studio, User } from '../../src/domain/types';
import { describeInBrowser, servedApp, signIn } from '../support/browser';
import { call, login, root } from '../support/server';

/** Screenshots of the journal at each width, kept in tests/e2e/artifacts to look at. */
const artifacts = join(root, 'tests/e2e/artifacts');

describeInBrowser('reports in a browser', () => {
    const app = servedApp();
    let token: string;

    beforeAll(async () => {
        token = await login(app.server.url, 'admin');
    });

    const api = async <T>(path: string) => {
        const answer = await call(app.server.url, `/api${path}`, { token });
        if (answer.status >= 300) throw new Error(`GET ${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };

    const post = async <T>(path: string, json: unknown) => {
        const answer = await call(app.server.url, `/api${path}`, { method: 'POST', token, json });
        if (answer.status >= 300) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };

    /** The demo group with the most members, whose journal this month is the widest and longest. */
    const biggestGroup = async () => {
        const groups = await api<Schedule[]>('/schedules?range=[0,999]');
        return groups.reduce((best, group) => (group.customerIds.length > best.customerIds.length ? group : best));
    };

    it('the journal fits the screen with its totals in view, and prints on one A4 landscape sheet naming group, teacher and studio', async () => {
        const group = await biggestGroup();
        const teacher = await api<User>(`/users/${group.teacherId}`);
        const studio = await api<Studio>(`/studios/${group.studioId}`);
        const month = studioToday('Europe/Moscow', new Date()).slice(0, 7);
        const page = await app.page();
        await signIn(page, 'manager');
        await page.goto(`/reports/attendances/${group.id}?month=${month}`);
        await page.getByTestId('journal-row').first().waitFor();
        const heading = page.getByTestId('journal-heading');
        expect(await heading.innerText()).toContain(group.title ?? '');
        await expect
            .poll(() => page.getByTestId('journal-details').innerText())
            .toBe(`Teacher: ${teacher.name} · Studio: ${studio.name}`);

        // On screen: the box is no wider than the window, and the totals are inside it.
        const viewport = page.viewportSize()!;
        const box = (await page.getByTestId('journal-box').boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        const total = (await page.getByTestId('journal-total').boundingBox())!;
        expect(total.x + total.width).toBeLessThanOrEqual(box.x + box.width + 1);
        expect(total.y + total.height).toBeLessThanOrEqual(viewport.height);
        // The names stay put while the marks scroll under them.
        const name = page.getByTestId('journal-row').first().locator('td').first();
        const before = (await name.boundingBox())!.x;
        await page.getByTestId('journal-box').evaluate(element => element.scrollTo({ left: 10_000 }));
        expect((await name.boundingBox())!.x).toBeCloseTo(before, 0);

        // On paper: no app bar, menu or buttons, the heading and the whole table on a single sheet.
        await page.emulateMedia({ media: 'print' });
        expect(await page.locator('header').first().isVisible()).toBe(false);
        expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
        expect(await heading.isVisible()).toBe(true);
        expect(await page.getByTestId('journal-details').isVisible()).toBe(true);
        const overflow = await page
            .getByTestId('journal-box')
            .evaluate(element => element.scrollWidth - element.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
        const text = pdf.toString('latin1');
        expect(text.match(/\/Type\s*\/Page[^s]/g) ?? []).toHaveLength(1);
        // A4 landscape: 842 × 595 points.
        expect(text.match(/\/MediaBox\s*\[[^\]]*\]/g)?.map(box => box.replace(/\s+/g, ' '))).toEqual([
            '/MediaBox [0 0 841.91998 594.95996]',
        ]);
    });

    it.each([
        { width: 1024, height: 768, locale: 'en' },
        { width: 1024, height: 768, locale: 'ru' },
        { width: 390, height: 844, locale: 'en' },
        { width: 390, height: 844, locale: 'ru' },
    ])(
        'at $width px in $locale the journal keeps its totals in view, with marks beside the names',
        async ({ width, height, locale }) => {
            const group = await biggestGroup();
            const month = studioToday('Europe/Moscow', new Date()).slice(0, 7);
            const context = await app.browser.newContext({
                baseURL: app.server.url,
                viewport: { width, height },
                locale: 'en-US',
            });
            const page = await context.newPage();
            await signIn(page, 'manager');
            if (locale === 'ru') await page.evaluate(() => localStorage.setItem('RaStore.locale', '"ru"'));
            await page.goto(`/reports/attendances/${group.id}?month=${month}`);
            await page.getByTestId('journal-row').first().waitFor();
            await page
                .getByText(locale === 'ru' ? 'Итого' : 'Total', { exact: true })
                .first()
                .waitFor();
            mkdirSync(artifacts, { recursive: true });
            await page.screenshot({ path: join(artifacts, `journal-${width}-${locale}.png`) });

            const box = (await page.getByTestId('journal-box').boundingBox())!;
            expect(box.x + box.width).toBeLessThanOrEqual(width);
            // The column of totals, its head and each row's, is inside the window and the box.
            for (const total of [page.getByTestId('journal-total'), page.getByTestId('journal-row-total').first()]) {
                const cell = (await total.boundingBox())!;
                expect(cell.x).toBeGreaterThanOrEqual(box.x);
                expect(cell.x + cell.width).toBeLessThanOrEqual(Math.min(width, box.x + box.width + 1));
            }
            // Between the names and the totals, at least two classes' marks are in view.
            const row = page.getByTestId('journal-row').first();
            const name = (await row.locator('td').first().boundingBox())!;
            const rowTotal = (await page.getByTestId('journal-row-total').first().boundingBox())!;
            const marks = await row.locator('td').evaluateAll(cells =>
                cells.slice(1, -1).map(cell => {
                    const { left, right } = cell.getBoundingClientRect();
                    return { left, right };
                }),
            );
            const inView = marks.filter(mark => mark.left >= name.x + name.width - 1 && mark.right <= rowTotal.x + 1);
            expect(inView.length).toBeGreaterThanOrEqual(Math.min(2, marks.length));
            await context.close();
        },
    );

    it('a month of daily classes of a large group is shrunk onto one printed sheet, not cut', async () => {
        const customers = await api<{ id: number }[]>('/customers?range=[0,39]&sort=["id","ASC"]');
        const [course] = await api<{ id: number }[]>('/courses?range=[0,0]');
        const [studio] = await api<{ id: number }[]>('/studios?range=[0,0]');
        const teacher = (await api<User[]>('/users?range=[0,99]')).find(user => user.role === 'teacher')!;
        const group = await post<{ id: number }>('/schedules', {
            title: 'E2E every morning',
            courseId: course.id,
            teacherId: teacher.id,
            studioId: studio.id,
            capacity: 40,
            customerIds: customers.map(customer => customer.id),
            slots: [1, 2, 3, 4, 5, 6, 7].map(weekday => ({ weekday, startTime: '06:00', durationMinutes: 45 })),
            startsOn: '2027-03-01',
        });
        await post(`/schedules/${group.id}/generate`, { from: '2027-03-01', to: '2027-03-31' });
        const page = await app.page();
        await signIn(page, 'manager');
        await page.goto(`/reports/attendances/${group.id}?month=2027-03`);
        await page.getByTestId('journal-row').first().waitFor();
        expect(await page.getByTestId('journal-row').count()).toBe(40);
        await page.emulateMedia({ media: 'print' });
        // The page fits the table when the print media query starts to match, which it reports by an event.
        await page.waitForFunction(() => {
            const box = document.querySelector<HTMLElement>('[data-testid=journal-box]');
            return Number(box?.style.zoom || 1) < 1;
        });
        const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
        expect(pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).toHaveLength(1);
    });

    it("a teacher's own page lights one menu entry and shows the period's pay at the top", async () => {
        const page = await app.page();
        await signIn(page, 'teacher');
        await page.getByRole('menuitem', { name: 'My classes and pay' }).click();
        await page.waitForURL('**/attendances/me');
        await page.getByTestId('pay-total-top').waitFor();
        expect(await page.locator('.RaMenuItemLink-active').allInnerTexts()).toEqual(['My classes and pay']);
        expect(await page.getByTestId('pay-total-top').innerText()).toBe(
            await page.getByTestId('pay-total').innerText(),
        );
        // Seen without scrolling.
        const top = (await page.getByTestId('pay-total-top').boundingBox())!;
        expect(top.y + top.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    });

    it('a journal of a group that does not exist shows the not-found page at once', async () => {
        const page = await app.page();
        await signIn(page, 'manager');
        // "At once": the journal is asked for once, its 404 is final (no retries that delay the page).
        const asked: string[] = [];
        page.on('request', request => {
            if (new URL(request.url()).pathname === '/api/reports/attendances/9999') asked.push(request.url());
        });
        await page.goto('/reports/attendances/9999');
        await page.getByText('Page not found: /reports/attendances/9999').waitFor();
        await page.waitForLoadState('networkidle');
        expect(asked).toHaveLength(1);
    });

    it('the dashboard and the income page give the same days of last month, and say which days they compare', async () => {
        const page = await app.page();
        await signIn(page, 'manager');
        await page.goto('/');
        const thisMonth = await page.getByTestId('income-month').innerText();
        const sameDays = await page.getByTestId('income-same-days').innerText();
        const lastMonth = await page.getByTestId('income-last-month').innerText();
        await page.getByRole('menuitem', { name: 'Income' }).click();
        await page.waitForURL('**/statistics/incomes');
        await expect
            .poll(() => page.getByTestId('comparison').innerText())
            .toMatch(/^Compared with the previous month, \w+ \d{4}\. So far: .+ vs .+\.$/);
        // The same figures on both screens: this month so far, the same days of last month, all of last month.
        expect(await page.getByTestId('income-to-date').innerText()).toBe(thisMonth);
        const sameDaysShown = (await page.getByTestId('income-to-date-note').innerText()).split(': ').at(-1)!;
        expect(sameDays.endsWith(`: ${sameDaysShown}`)).toBe(true);
        const previous = await page.getByTestId('income-previous').innerText();
        expect(lastMonth.endsWith(`: ${previous}`)).toBe(true);
        expect(previous).toMatch(/^RUB\s[\d,]+\.\d{2}$/);
    });
});
