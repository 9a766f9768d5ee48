// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import { CancelBookingPage } from '../../src/pages/cancel/CancelBookingPage';

/*
 * The reminder's cancel page when the class starts while it is open: the cancel is refused as `started`,
 * and the page says the class has started (not that the cancel failed), even when reading the booking
 * again fails too.
 */

const booking = {
    studioName: 'Pulse',
    firstName: 'Rita',
    locale: 'en',
    className: 'Evening flow',
    startsAt: '2031-11-28T20:00',
    status: 'booked',
    late: true,
    started: false,
};
let reads = 0;

beforeEach(() => {
    reads = 0;
    vi.stubGlobal(
        'fetch',
        vi.fn(async (_url: string, init: RequestInit = {}) => {
            const json = (status: number, body: unknown) =>
                new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
            if (init.method === 'POST')
                return json(409, { message: 'The class has started', errors: { eventId: 'started' } });
            reads++;
            // The page's first read; a second one does not get through.
            return reads === 1 ? json(200, booking) : json(503, { message: 'unavailable' });
        }),
    );
});

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
});

describe('the cancel page of a class that has started meanwhile', () => {
    it('says the class has started when the cancel is refused', async () => {
        render(
            <MemoryRouter initialEntries={['/cancel/1-secret-secret']}>
                <AdminContext
                    i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), 'en')}
                    store={memoryStore()}
                >
                    <Routes>
                        <Route path="/cancel/:token" element={<CancelBookingPage />} />
                    </Routes>
                </AdminContext>
            </MemoryRouter>,
        );
        fireEvent.click(await screen.findByRole('button', { name: 'Cancel my booking' }));
        expect(await screen.findByText('The class has started')).toBeTruthy();
        expect(screen.getByText('It can no longer be cancelled here. Please contact the studio.')).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Cancel my booking' })).toBeNull();
    });
});
