import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Membership, MembershipSummary } from '../../src/domain/api/memberships';
import type { Consent } from '../../src/domain/consents';
import { describeInBrowser, servedAppWithMail, signIn } from '../support/browser';
import { freshPhone } from '../support/factories';
import { call, login, root } from '../support/server';

/*
 * A membership in a browser, on the built app with the test provider and a real SMTP server the test
 * starts: a customer on a 390 px phone signs in to /my, subscribes to a plan that renews each month
 * (its terms beside an unticked box, which she ticks), pays the first month on the test provider's
 * checkout with the card saved, sees her next charge's date and amount, and cancels in two taps; the
 * manager sees the membership on the dashboard's monthly recurring revenue and on her card, ending with
 * its month. Screenshots go to tests/e2e/artifacts.
 */

const artifacts = join(root, 'tests/e2e/artifacts');
const email = 'e2e-mila.member@example.test';
const planName = 'E2E Unlimited monthly';

describeInBrowser('a membership in a browser', () => {
    beforeAll(() => {
        mkdirSync(artifacts, { recursive: true });
    });
    const app = servedAppWithMail(() => ({
        PAYMENT_PROVIDER: 'test',
        TEST_PROVIDER_NOTICE_DELAY_MS: '50',
    }));

    const api = async <T>(path: string, json?: unknown) => {
        const answer = await call(app.server.url, `/api${path}`, {
            method: json === undefined ? 'GET' : 'POST',
            token: await login(app.server.url, 'admin'),
            json,
        });
        if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${answer.text}`);
        return answer.body as unknown as T;
    };
    const filtered = (collection: string, filter: object) =>
        `/${collection}?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["id","ASC"]')}`;
    const shot = (page: Page, name: string) =>
        page.screenshot({ path: join(artifacts, `memberships-${name}.png`), fullPage: true });

    it('a customer subscribes on her phone with her card saved, sees the next charge and cancels in two taps; the manager sees it', async () => {
        await api('/subscriptions', {
            name: planName,
            price: 4900,
            visits: null,
            validityDays: 31,
            soldOnline: true,
            autoRenew: true,
        });
        const mila = await api<{ id: number }>('/customers', {
            firstName: 'Mila',
            lastName: 'Member',
            phone: freshPhone(),
            email,
            status: 'active',
            locale: 'en',
        });

        // Her phone: a touch screen 390 px wide.
        const context = await app.browser.newContext({
            baseURL: app.server.url,
            viewport: { width: 390, height: 844 },
            isMobile: true,
            hasTouch: true,
            locale: 'en-US',
        });
        const phone = await context.newPage();
        phone.setDefaultTimeout(30_000);
        await phone.goto('/my');
        // Signing in is in the studio's language until the portal knows who she is.
        await phone.getByLabel(/E-mail or phone|E-mail или телефон/).fill(email);
        await phone.getByRole('button', { name: /^(Send code|Получить код)$/ }).tap();
        await expect.poll(() => app.mailbox.to(email).length, { timeout: 15_000 }).toBeGreaterThan(0);
        const code = /\b(\d{6})\b/.exec(app.mailbox.to(email).at(-1)!.text ?? '')![1];
        await phone.getByLabel(/Code from the message|Код из сообщения/).fill(code);

        // Plans: the one that renews is subscribed to, its terms beside an unticked box.
        await phone.getByRole('link', { name: 'Plans' }).first().tap();
        const offered = phone.getByRole('article', { name: new RegExp(planName) });
        await offered.getByRole('button', { name: 'Subscribe' }).tap();
        const terms = phone.getByRole('dialog');
        await terms.getByText('4,900').first().waitFor();
        const box = terms.getByRole('checkbox');
        expect(await box.isChecked()).toBe(false);
        const pay = terms.getByRole('button', { name: /^Agree and pay/ });
        await shot(phone, '1-terms');
        await box.tap();
        await pay.tap();

        // The test provider's checkout saves the card for the renewals.
        await phone.waitForURL('**/payments/test-checkout/**');
        await phone
            .getByText(/^(The card will be saved for the membership's renewals|Карта будет сохранена для продлений)/)
            .waitFor();
        await phone.getByLabel(/^(Card number|Номер карты)$/).fill('4242 4242 4242 4242');
        await phone.getByLabel(/^(Expiry \(MM\/YY\)|Срок \(ММ\/ГГ\))$/).fill('12/30');
        await phone.getByLabel('CVC').fill('123');
        await shot(phone, '2-checkout');
        await phone.getByRole('button', { name: /^(Pay|Оплатить) / }).tap();
        await phone.waitForURL('**/payments/link/**');
        await expect
            .poll(async () => (await api<Membership[]>(filtered('memberships', { customerId: mila.id }))).length, {
                timeout: 15_000,
            })
            .toBe(1);
        const [membership] = await api<Membership[]>(filtered('memberships', { customerId: mila.id }));
        expect(membership).toMatchObject({ status: 'active', period: 1, payerId: mila.id, cancelAtPeriodEnd: false });
        const consents = await api<Consent[]>(filtered('consents', { customerId: mila.id, kind: 'autopay' }));
        expect(consents).toHaveLength(1);
        expect(consents[0].terms).toMatchObject({ linkId: membership.paymentLinkId });

        // The manager sees it in the monthly recurring revenue, and on her card.
        const summary = await api<MembershipSummary>('/memberships/summary');
        expect(summary.mrr).toBeGreaterThanOrEqual(4900);
        const desk = await app.page();
        await signIn(desk, 'manager');
        await desk.goto('/');
        await desk.getByTestId('memberships-mrr').waitFor();
        expect(await desk.getByTestId('memberships-mrr').textContent()).toMatch(/\d/);
        await shot(desk, '3-dashboard');

        // On her phone: the membership, its next charge's amount and date; cancelled in two taps.
        await phone.goto('/my/memberships');
        const mine = phone.getByRole('article', { name: planName });
        await mine.getByText(/^Next charge: .*4,900.* on /).waitFor();
        await shot(phone, '4-membership');
        await mine.getByRole('button', { name: 'Cancel membership' }).tap();
        await phone.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).tap();
        await phone.getByText(/^The membership is cancelled: it ends on /).waitFor();
        await mine.getByRole('button', { name: 'Resume' }).waitFor();
        await shot(phone, '5-cancelled');
        await context.close();
        const [cancelled] = await api<Membership[]>(filtered('memberships', { customerId: mila.id }));
        expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, endReason: 'customer' });

        await desk.goto(`/customers/${mila.id}`);
        const onCard = desk.getByRole('article', { name: planName });
        await onCard.getByText(/No more charges: it ends /).waitFor();
        await shot(desk, '6-card');
    });
});
