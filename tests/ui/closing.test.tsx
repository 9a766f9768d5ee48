// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDataProvider } from 'react-admin';
import type { RosterAnswer } from '../../src/domain/api';
import type { StudioEvent } from '../../src/domain/types';
import { EventHeader } from '../../src/resources/events/EventHeader';
import { renderScreen } from '../support/screen';

/* The roster's header closes a class (asking first when nobody is marked), reopens it for staff, and tells a teacher why not yet. */

afterEach(cleanup);

const event: StudioEvent = {
    id: 12,
    createdAt: '2026-11-01T00:00:00.000Z',
    scheduleId: null,
    title: null,
    courseId: 1,
    teacherId: 3,
    studioId: 1,
    startsAt: '2026-11-20T19:00',
    durationMinutes: 60,
    capacity: 10,
    bookable: true,
    status: 'planned',
    notes: null,
};

const open: RosterAnswer['closing'] = { canClose: true, canReopen: false, refusal: null };

const renderHeader = (
    props: { event?: StudioEvent; closing?: RosterAnswer['closing']; marked?: number },
    locale: 'en' | 'ru' = 'en',
) => {
    const closeEvent = vi.fn(async ({ id }: { id: number }) => ({ ...event, id, status: 'done' }));
    renderScreen(
        <EventHeader
            event={props.event ?? event}
            visits={0}
            capacity={10}
            givenBack={0}
            closing={props.closing ?? open}
            marked={props.marked ?? 0}
        />,
        {
            dataProvider: testDataProvider({
                getMany: async () => ({ data: [] }),
                getOne: async () => ({ data: { id: 1, name: 'Hatha' } }),
                closeEvent,
            } as never),
            authProvider: null,
            locale,
        },
    );
    return closeEvent;
};

describe('closing a class from its roster', () => {
    it('closes a class with marks with one click', async () => {
        const closeEvent = renderHeader({ marked: 3 });
        fireEvent.click(screen.getByRole('button', { name: 'Close the class' }));
        await waitFor(() => expect(closeEvent).toHaveBeenCalledWith({ id: 12, reopen: false }));
    });

    it('asks first when nobody is marked, and closes only when confirmed', async () => {
        const closeEvent = renderHeader({ marked: 0 });
        fireEvent.click(screen.getByRole('button', { name: 'Close the class' }));
        expect(await screen.findByText('Close the class with nobody marked?')).toBeTruthy();
        expect(closeEvent).not.toHaveBeenCalled();
        fireEvent.click(screen.getAllByRole('button', { name: 'Close the class' }).at(-1) as HTMLElement);
        await waitFor(() => expect(closeEvent).toHaveBeenCalledWith({ id: 12, reopen: false }));
    });

    it('tells a teacher the class can be closed once it starts, with no button', () => {
        renderHeader({ closing: { canClose: false, canReopen: false, refusal: 'not_started' } });
        expect(screen.getByTestId('close-note').textContent).toBe('The class can be closed once it starts.');
        expect(screen.queryByRole('button', { name: 'Close the class' })).toBeNull();
    });

    it('reopens a closed class for staff, and shows nothing to reopen it to a teacher', async () => {
        const closed = { ...event, status: 'done' as const };
        const reopen = renderHeader({ event: closed, closing: { canClose: false, canReopen: true, refusal: null } });
        expect(screen.getByTestId('event-status').textContent).toBe('Closed');
        fireEvent.click(screen.getByRole('button', { name: 'Reopen the class' }));
        await waitFor(() => expect(reopen).toHaveBeenCalledWith({ id: 12, reopen: true }));
        cleanup();
        renderHeader({ event: closed, closing: { canClose: false, canReopen: false, refusal: null } });
        expect(screen.queryByRole('button', { name: 'Reopen the class' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Close the class' })).toBeNull();
    });

    it('speaks Russian', async () => {
        renderHeader({ marked: 0 }, 'ru');
        fireEvent.click(screen.getByRole('button', { name: 'Закрыть занятие' }));
        expect(await screen.findByText('Закрыть занятие без отметок?')).toBeTruthy();
        cleanup();
        renderHeader({ closing: { canClose: false, canReopen: false, refusal: 'not_started' } }, 'ru');
        expect(screen.getByTestId('close-note').textContent).toBe('Занятие можно закрыть, когда оно начнётся.');
    });
});
