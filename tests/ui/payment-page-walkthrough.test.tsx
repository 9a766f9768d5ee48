// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { PaymentLinkPage } from '../../src/pages/payment/PaymentLinkPage';

/*
 * The public payment page as a customer of /my meets it on a phone, in English and in Russian: a
 * guardian paying for their child is greeted by their own name and told whom the payment is for, and
 * once back from the provider's page with the payment in, is led back to their classes at /my.
 */

const link = (fields: object = {}) => ({
    status: 'pending',
    studioName: 'Pulse',
    purpose: 'sale',
    planName: '8 visits',
    passName: null,
    penalty: null,
    amount: 5200,
    currency: 'RUB',
    description: null,
    expiresAt: '2031-07-16T09:00:00.000Z',
    timezone: 'Europe/Moscow',
    firstName: 'Anna',
    forName: 'Masha',
    locale: 'en',
    payments: 'test',
    contactNeeded: false,
    attempt: null,
    ...fields,
});
let answered: object;

beforeEach(() => {
    vi.stubGlobal(
        'fetch',
        vi.fn(
            async () =>
                new Response(JSON.stringify(answered), {
                    status: 200,
                    headers: { 'Content-Type': 'application/json' },
                }),
        ),
    );
});

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
});

/** The page in the language the payer's browser chose (`ru` on a Russian phone). */
const page = (address: string, locale: 'en' | 'ru' = 'en') =>
    render(
        <MemoryRouter initialEntries={[address]}>
            <AdminContext
                i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                store={memoryStore({ locale })}
            >
                <Routes>
                    <Route path="/payments/link/:id" element={<PaymentLinkPage />} />
                </Routes>
            </AdminContext>
        </MemoryRouter>,
    );

describe('the payment page of a guardian paying for their child', () => {
    it('greets the guardian and names the child', async () => {
        answered = link();
        page('/payments/link/abc');
        await screen.findByText('Hello, Anna!');
        screen.getByText('Student');
        screen.getByText('Masha');
        expect(screen.queryByRole('link', { name: 'Back to my classes' })).toBeNull();
    });

    it('greets a customer paying for themselves without naming anyone else', async () => {
        answered = link({ firstName: 'Rita', forName: null });
        page('/payments/link/abc');
        await screen.findByText('Hello, Rita!');
        expect(screen.queryByText('Student')).toBeNull();
    });
});

describe('the payment page after paying', () => {
    const paid = { status: 'paid', attempt: { id: 'xyz', status: 'succeeded', reason: null } };

    it('leads back to my classes', async () => {
        answered = link(paid);
        page('/payments/link/abc?attempt=xyz');
        const back = await screen.findByRole('link', { name: 'Back to my classes' });
        expect(back.getAttribute('href')).toBe('/my');
    });

    it('says so in Russian', async () => {
        answered = link(paid);
        page('/payments/link/abc?attempt=xyz', 'ru');
        const back = await screen.findByRole('link', { name: 'Вернуться к моим занятиям' });
        expect(back.getAttribute('href')).toBe('/my');
        screen.getByText('Здравствуйте, Anna!');
        screen.getByText('Ученик');
    });
});
