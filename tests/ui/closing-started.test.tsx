// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import type { RosterAnswer } from '../../src/domain/api';
import type { StudioEvent } from '../../src/domain/types';
import { EventHeader } from '../../src/resources/events/EventHeader';

/*
 * The roster's header and the time of the class: no button before it starts, whoever looks (a manager
 * too); while it is on, closing asks first and says that nobody is made missed until it ends.
 */

afterEach(cleanup);

const event: StudioEvent = {
    id: 21,
    createdAt: '2026-11-01T00:00:00.000Z',
    scheduleId: null,
    title: null,
    courseId: 1,
    teacherId: 3,
    studioId: 1,
    startsAt: '2026-12-04T17:30',
    durationMinutes: 90,
    capacity: 10,
    bookable: true,
    status: 'planned',
    notes: null,
};

const renderHeader = (closing: RosterAnswer['closing'], marked: number, locale: 'en' | 'ru' = 'en') => {
    const closeEvent = vi.fn(async ({ id }: { id: number }) => ({ ...event, id, status: 'done' }));
    render(
        <MemoryRouter>
            <AdminContext
                dataProvider={testDataProvider({
                    getMany: async () => ({ data: [] }),
                    getOne: async () => ({ data: { id: 1, name: 'Hatha' } }),
                    closeEvent,
                } as never)}
                i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                store={memoryStore()}
                authProvider={{
                    login: async () => undefined,
                    logout: async () => undefined,
                    checkAuth: async () => undefined,
                    checkError: async () => undefined,
                    getPermissions: async () => 'manager',
                    getIdentity: async () => ({ id: 2, fullName: 'Maria', role: 'manager' }),
                }}
            >
                <EventHeader event={event} visits={3} capacity={10} givenBack={0} closing={closing} marked={marked} />
            </AdminContext>
        </MemoryRouter>,
    );
    return closeEvent;
};

describe('closing a class by its time', () => {
    it('offers a manager no button for a class that has not started', () => {
        renderHeader({ canClose: false, canReopen: false, refusal: 'not_started', ended: false }, 3);
        expect(screen.queryByRole('button', { name: 'Close the class' })).toBeNull();
        expect(screen.getByTestId('close-note').textContent).toBe('The class can be closed once it starts.');
    });

    it('asks first while the class is on, saying nobody is made missed before its end', async () => {
        const closeEvent = renderHeader({ canClose: true, canReopen: false, refusal: null, ended: false }, 3);
        fireEvent.click(screen.getByRole('button', { name: 'Close the class' }));
        expect(await screen.findByText('Close the class before it ends?')).toBeTruthy();
        expect(
            screen.getByText(
                'The class is still on. Nobody is marked missed now: those still unmarked when it ends count as no-shows then.',
            ),
        ).toBeTruthy();
        expect(closeEvent).not.toHaveBeenCalled();
        fireEvent.click(screen.getAllByRole('button', { name: 'Close the class' }).at(-1) as HTMLElement);
        await waitFor(() => expect(closeEvent).toHaveBeenCalledWith({ id: 21, reopen: false }));
    });

    it('closes an ended class with marks at once', async () => {
        const closeEvent = renderHeader({ canClose: true, canReopen: false, refusal: null, ended: true }, 3);
        fireEvent.click(screen.getByRole('button', { name: 'Close the class' }));
        await waitFor(() => expect(closeEvent).toHaveBeenCalledWith({ id: 21, reopen: false }));
    });

    it('speaks Russian', async () => {
        renderHeader({ canClose: true, canReopen: false, refusal: null, ended: false }, 3, 'ru');
        fireEvent.click(screen.getByRole('button', { name: 'Закрыть занятие' }));
        expect(await screen.findByText('Закрыть занятие до его конца?')).toBeTruthy();
    });
});
