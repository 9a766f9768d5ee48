// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, HttpError, memoryStore, testDataProvider, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import type { RosterAnswer, RosterPerson } from '../../src/domain/api';
import { canAccess, type Role } from '../../src/domain/roles';
import type { Status, StudioEvent } from '../../src/domain/types';
import { EventRoster } from '../../src/resources/events/EventRoster';
import { phoneWidth } from '../support/screen';

/*
 * Booking and cancelling from a class's roster: a refused booking says the real reason and offers what
 * the user's role may do instead, each an explicit choice (a place in line, a seat over capacity, a seat
 * without a pass; never forced by a teacher); someone whose booking was cancelled shows as cancelled,
 * with "Book again" instead of marks; and a cancel is confirmed in a dialog naming the person and the
 * class and saying whether it is late, on desktop and phone rows. Classes are in 2099: always ahead.
 */

afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
});

const event: StudioEvent = {
    id: 12,
    createdAt: '2026-11-01T00:00:00.000Z',
    scheduleId: 4,
    title: null,
    courseId: 1,
    teacherId: 3,
    studioId: 1,
    startsAt: '2099-11-20T19:00',
    durationMinutes: 60,
    capacity: 2,
    bookable: true,
    status: 'planned',
    notes: null,
};

const attended: Status = {
    id: 1,
    createdAt: '',
    name: 'attendance',
    code: 'attended',
    labels: { en: 'Attended', ru: 'Был' },
    color: '#2E7D32',
    order: 0,
    isDefault: true,
    charges: true,
};

const pass = { id: 3, name: '8 classes', endsOn: '2099-12-31', visitsLeft: 6 };
const anna: RosterPerson = {
    customerId: 7,
    name: 'Petrova Anna',
    member: true,
    attendance: null,
    pass,
    booking: { id: 41, status: 'booked', position: null, lateCancelFrom: '2099-11-20T07:00' },
};
const boris: RosterPerson = {
    customerId: 8,
    name: 'Sidorov Boris',
    member: true,
    attendance: null,
    pass,
    // A cancel now is late: the window began long ago.
    booking: { id: 42, status: 'booked', position: null, lateCancelFrom: '2000-01-01T00:00' },
};
const vera: RosterPerson = {
    customerId: 9,
    name: 'Orlova Vera',
    member: true,
    attendance: null,
    pass,
    booking: null,
    cancelled: { id: 40, late: false },
};

const roster: RosterAnswer = {
    event,
    marking: { future: true, locked: false, teacherEditDays: 2, lastTeacherDay: '2099-11-22' },
    payClosed: null,
    closing: { canClose: false, canReopen: false, refusal: 'not_started' },
    capacity: 2,
    booked: 2,
    waitlisted: 0,
    visits: 0,
    marked: 0,
    people: [anna, boris, vera],
};

const refusal = (code: string, facts: Record<string, unknown> = {}) =>
    new HttpError('refused', 409, { message: 'refused', errors: { eventId: code }, ...facts });

const renderRoster = ({
    role = 'manager',
    locale = 'en',
    book = vi.fn(async () => ({ id: 50, status: 'booked' })),
    cancelBooking = vi.fn(async ({ id }: { id: number }) => ({ id, status: 'cancelled', late: false })),
    answer = roster,
}: {
    answer?: RosterAnswer;
    role?: Role;
    locale?: 'en' | 'ru';
    book?: ReturnType<typeof vi.fn>;
    cancelBooking?: ReturnType<typeof vi.fn>;
} = {}) => {
    const authProvider: AuthProvider = {
        login: async () => undefined,
        logout: async () => undefined,
        checkAuth: async () => undefined,
        checkError: async () => undefined,
        getIdentity: async () => ({ id: 2, fullName: 'Staff', role }),
        canAccess: async ({ resource, action }) => canAccess(role, { resource, action }),
    };
    const dataProvider = testDataProvider({
        getList: async (resource: string) =>
            resource === 'statuses' ? { data: [attended], total: 1 } : { data: [], total: 0 },
        getMany: async () => ({ data: [] }),
        getManyReference: async () => ({ data: [], total: 0 }),
        getOne: async (resource: string) =>
            resource === 'configs'
                ? { data: { id: 'general', timezone: 'Europe/Moscow' } }
                : { data: { id: 1, name: 'Hatha' } },
        getRoster: async () => answer,
        findWalkIns: async () => [{ id: 10, name: 'Novikova Olga' }],
        book,
        cancelBooking,
    } as never);
    render(
        <MemoryRouter initialEntries={['/events/12']}>
            <AdminContext
                dataProvider={dataProvider}
                authProvider={authProvider}
                i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                store={memoryStore()}
            >
                <Routes>
                    <Route path="/events/:id" element={<EventRoster />} />
                </Routes>
            </AdminContext>
        </MemoryRouter>,
    );
    return { book, cancelBooking };
};

const rowOf = async (name: string) =>
    (await screen.findAllByTestId('roster-row')).find(row => row.textContent?.includes(name)) as HTMLElement;

describe('someone whose booking was cancelled', () => {
    it('shows as cancelled, with "Book again" instead of marks', async () => {
        renderRoster();
        const row = await rowOf('Orlova Vera');
        expect(within(row).getByTestId('cancelled-chip').textContent).toBe('Cancelled');
        expect(within(row).queryByRole('button', { name: 'Attended' })).toBeNull();
        expect(within(row).getByRole('button', { name: 'Book Orlova Vera again' })).toBeTruthy();
        // Those holding a seat are marked as before.
        expect(within(await rowOf('Petrova Anna')).getByRole('button', { name: 'Attended' })).toBeTruthy();
    });

    it('can be marked once the class has started (they may have come anyway), still shown as cancelled', async () => {
        const started = { ...event, startsAt: '2000-11-20T19:00' };
        const marking = { future: false, locked: false, teacherEditDays: 2, lastTeacherDay: '2000-11-22' };
        renderRoster({ answer: { ...roster, event: started, marking } });
        const row = await rowOf('Orlova Vera');
        expect(within(row).getByTestId('cancelled-chip').textContent).toBe('Cancelled');
        expect(within(row).queryByRole('button', { name: /again/ })).toBeNull();
        expect((within(row).getByRole('button', { name: 'Attended' }) as HTMLButtonElement).disabled).toBe(false);
    });
});

describe('a refused booking', () => {
    it('says the pass’s visits are all held by upcoming bookings, and a manager books without a pass', async () => {
        const book = vi
            .fn()
            .mockRejectedValueOnce(refusal('no_pass', { noPass: { reason: 'held', visitsLeft: 6, heldBy: 6 } }))
            .mockResolvedValue({ id: 50, status: 'booked' });
        renderRoster({ book });
        fireEvent.click(within(await rowOf('Orlova Vera')).getByRole('button', { name: 'Book Orlova Vera again' }));
        const dialog = await screen.findByRole('dialog');
        expect(
            within(dialog).getByText("Orlova Vera's pass has 6 visits left, all held by 6 upcoming bookings"),
        ).toBeTruthy();
        expect(book).toHaveBeenCalledWith({ eventId: 12, customerId: 9 });
        // The class is full too: the seat is over capacity, and says so.
        fireEvent.click(within(dialog).getByRole('button', { name: 'Book without a pass, over capacity' }));
        await waitFor(() => expect(book).toHaveBeenLastCalledWith({ eventId: 12, customerId: 9, force: true }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('in a full class offers a place in line and a seat over capacity to a manager', async () => {
        const book = vi
            .fn()
            .mockRejectedValueOnce(refusal('full', { seats: { booked: 2, capacity: 2 } }))
            .mockResolvedValue({ id: 50, status: 'waitlisted', position: 1 });
        renderRoster({ book });
        fireEvent.click(within(await rowOf('Orlova Vera')).getByRole('button', { name: 'Book Orlova Vera again' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('The class is full: 2 of 2 seats taken')).toBeTruthy();
        expect(within(dialog).getByRole('button', { name: 'Book over capacity' })).toBeTruthy();
        fireEvent.click(within(dialog).getByRole('button', { name: 'Put in line' }));
        await waitFor(() => expect(book).toHaveBeenLastCalledWith({ eventId: 12, customerId: 9, waitlist: true }));
    });

    it('offers a teacher a place in line, never a forced seat', async () => {
        const book = vi.fn().mockRejectedValueOnce(refusal('full', { seats: { booked: 2, capacity: 2 } }));
        renderRoster({ role: 'teacher', book });
        fireEvent.click(within(await rowOf('Orlova Vera')).getByRole('button', { name: 'Book Orlova Vera again' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByRole('button', { name: 'Put in line' })).toBeTruthy();
        expect(within(dialog).queryByRole('button', { name: /over capacity|without a pass/ })).toBeNull();
        cleanup();
        const noPass = vi.fn().mockRejectedValueOnce(refusal('no_pass', { noPass: { reason: 'none' } }));
        renderRoster({ role: 'teacher', book: noPass });
        fireEvent.click(within(await rowOf('Orlova Vera')).getByRole('button', { name: 'Book Orlova Vera again' }));
        const refused = await screen.findByRole('dialog');
        expect(within(refused).getByText('Orlova Vera has no pass that covers this class')).toBeTruthy();
        expect(within(refused).queryByRole('button', { name: /without a pass|over capacity|Put in line/ })).toBeNull();
    });

    it('speaks Russian', async () => {
        const book = vi
            .fn()
            .mockRejectedValueOnce(refusal('no_pass', { noPass: { reason: 'held', visitsLeft: 6, heldBy: 6 } }));
        renderRoster({ book, locale: 'ru' });
        fireEvent.click(
            within(await rowOf('Orlova Vera')).getByRole('button', { name: 'Записать снова: Orlova Vera' }),
        );
        const dialog = await screen.findByRole('dialog');
        expect(
            within(dialog).getByText(
                'Orlova Vera: на абонементе осталось 6 посещений, и все заняты 6 предстоящими записями',
            ),
        ).toBeTruthy();
        expect(within(dialog).getByRole('button', { name: 'Записать без абонемента, сверх мест' })).toBeTruthy();
        expect(within(await rowOf('Orlova Vera')).getByTestId('cancelled-chip').textContent).toBe('Отменена');
    });
});

describe('booking by name into a full class', () => {
    it('offers a manager a seat over capacity beside each name, and a teacher only a place in line', async () => {
        const { book } = renderRoster();
        fireEvent.change(await screen.findByLabelText('Book someone by name'), { target: { value: 'Nov' } });
        fireEvent.click(await screen.findByRole('button', { name: 'Book over capacity: Novikova Olga' }));
        await waitFor(() => expect(book).toHaveBeenCalledWith({ eventId: 12, customerId: 10, force: true }));
        cleanup();
        renderRoster({ role: 'teacher' });
        fireEvent.change(await screen.findByLabelText('Book someone by name'), { target: { value: 'Nov' } });
        await screen.findByRole('option', { name: /Novikova Olga/ });
        expect(screen.queryByRole('button', { name: /over capacity/ })).toBeNull();
    });
});

describe('cancelling a seat', () => {
    it('asks first, naming the person and the class, and cancels only when confirmed', async () => {
        const { cancelBooking } = renderRoster();
        fireEvent.click(await screen.findByRole('button', { name: 'Cancel the booking of Petrova Anna' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Cancel the booking of Petrova Anna?')).toBeTruthy();
        await within(dialog).findByText(/Hatha/);
        expect(dialog.textContent).toMatch(/Not a late cancel/);
        expect(cancelBooking).not.toHaveBeenCalled();
        fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the booking' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(cancelBooking).not.toHaveBeenCalled();

        fireEvent.click(screen.getByRole('button', { name: 'Cancel the booking of Petrova Anna' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the booking' }));
        await waitFor(() => expect(cancelBooking).toHaveBeenCalledWith({ id: 41 }));
    });

    it('says when the cancel is late, on a phone’s row too', async () => {
        // A phone's width: the roster is one compact row per person.
        phoneWidth();
        const { cancelBooking } = renderRoster();
        const row = await rowOf('Sidorov Boris');
        expect(within(row).queryByRole('cell')).toBeNull();
        fireEvent.click(within(row).getByRole('button', { name: 'Cancel the booking of Sidorov Boris' }));
        const dialog = await screen.findByRole('dialog');
        expect(dialog.textContent).toMatch(/This is a late cancel/);
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the booking' }));
        await waitFor(() => expect(cancelBooking).toHaveBeenCalledWith({ id: 42 }));
    });
});

describe('a class that has been marked', () => {
    const closed = { ...event, startsAt: '2000-11-20T19:00', status: 'done' as const };
    const marking = { future: false, locked: false, teacherEditDays: 2, lastTeacherDay: '2000-11-22' };
    const mark = {
        id: 90,
        createdAt: '2000-11-20T20:00:00.000Z',
        eventId: 12,
        customerId: 7,
        status: 'attended',
        subscriptionId: 3,
        charged: true,
        unpaid: false,
    } as unknown as NonNullable<RosterPerson['attendance']>;
    const answer: RosterAnswer = {
        ...roster,
        event: closed,
        marking,
        marked: 1,
        people: [{ ...anna, attendance: mark }, boris],
    };

    it('shows a marked person by their mark only, not "Booked" beside it; the unmarked still show their seat', async () => {
        renderRoster({ answer });
        const marked = await rowOf('Petrova Anna');
        expect(within(marked).queryByTestId('booking-chip')).toBeNull();
        expect(within(marked).getByRole('button', { name: 'Attended' }).getAttribute('aria-pressed')).toBe('true');
        expect(within(await rowOf('Sidorov Boris')).getByTestId('booking-chip').textContent).toBe('Booked');
    });

    it('does the same on a phone’s row, in Russian', async () => {
        phoneWidth();
        renderRoster({ answer, locale: 'ru' });
        const marked = await rowOf('Petrova Anna');
        expect(within(marked).queryByTestId('booking-chip')).toBeNull();
        expect(within(await rowOf('Sidorov Boris')).getByTestId('booking-chip').textContent).toBe('Записан');
    });
});
