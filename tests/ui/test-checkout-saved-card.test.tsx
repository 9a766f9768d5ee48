// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import type { TestCheckout } from '../../src/domain/api/public';
import { TestCheckoutPage } from '../../src/pages/testCheckout/TestCheckoutPage';

/*
 * The test provider's checkout of a membership's first payment tells the payer, in English and Russian,
 * that the card typed is saved for the renewals, and which test cards pay them; a plain payment says nothing
 * of the kind.
 */

const checkout = (fields: Partial<TestCheckout> = {}): TestCheckout => ({
    id: 'test_abc',
    amount: '4500.00',
    currency: 'RUB',
    description: 'Pulse: Yoga monthly',
    status: 'pending',
    returnUrl: '/payments/link/abc',
    receiptTo: null,
    ...fields,
});
let answered: TestCheckout;

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

const page = (locale: 'en' | 'ru' = 'en') =>
    render(
        <MemoryRouter initialEntries={['/payments/test-checkout/test_abc']}>
            <AdminContext
                i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                store={memoryStore({ locale })}
            >
                <Routes>
                    <Route path="/payments/test-checkout/:id" element={<TestCheckoutPage />} />
                </Routes>
            </AdminContext>
        </MemoryRouter>,
    );

describe('the test checkout of a membership’s first payment', () => {
    it('says the card will be saved for the renewals, and which cards pay them', async () => {
        answered = checkout({ savesCard: true });
        page();
        await screen.findByText("The card will be saved for the membership's renewals.");
        screen.getByText(/4000 0000 0000 9995 pays now, and its renewals are declined/);
    });

    it('says it in Russian', async () => {
        answered = checkout({ savesCard: true });
        page('ru');
        await screen.findByText('Карта будет сохранена для продлений абонемента.');
    });

    it('says nothing of saving for a plain payment', async () => {
        answered = checkout();
        page();
        await screen.findByText('Pulse: Yoga monthly');
        expect(screen.queryByText("The card will be saved for the membership's renewals.")).toBeNull();
        expect(screen.queryByText(/9995/)).toBeNull();
    });
});
