// @vitest-environment jsdom
import { Table, TableBody } from '@mui/material';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RosterPerson } from '../../src/domain/api';
import type { LabelledStatus } from '../../src/resources/common/statuses';
import { bookingRefusal } from '../../src/resources/events/bookings';
import { RosterRow } from '../../src/resources/events/RosterRow';
import { WalkInSearch } from '../../src/resources/events/WalkInSearch';
import { renderScreen } from '../support/screen';

/* The roster's bookings: who holds a seat, who stands in line and where, cancelling them, and booking by name. */

afterEach(cleanup);

const renderIn = (
    ui: ReactNode,
    locale: 'en' | 'ru' = 'en',
    findWalkIns = async () => [{ id: 9, name: 'Orlova Vera' }],
) =>
    renderScreen(
        <Table>
            <TableBody>{ui}</TableBody>
        </Table>,
        { dataProvider: { ...testDataProvider(), findWalkIns } as never, authProvider: null, locale },
    );

const statuses: LabelledStatus[] = [
    {
        id: 1,
        createdAt: '',
        name: 'attendance',
        code: 'attended',
        labels: { en: 'Attended' },
        label: 'Attended',
        color: '#2E7D32',
        order: 0,
        isDefault: true,
        charges: true,
    },
];

const person = (booking: RosterPerson['booking']): RosterPerson => ({
    customerId: 7,
    name: 'Petrova Anna',
    member: false,
    attendance: null,
    pass: { id: 3, name: '8 classes', endsOn: '2026-12-01', visitsLeft: 5 },
    booking,
});

describe('a booked person on the roster', () => {
    it('shows the seat instead of "walk-in", and cancels it with its own button', () => {
        const onCancelBooking = vi.fn();
        renderIn(
            <RosterRow
                person={person({ id: 41, status: 'booked', position: null })}
                statuses={statuses}
                disabled={false}
                onMark={vi.fn()}
                onClear={vi.fn()}
                onCancelBooking={onCancelBooking}
            />,
        );
        expect(screen.getByTestId('booking-chip').textContent).toBe('Booked');
        expect(screen.queryByText('walk-in')).toBeNull();
        fireEvent.click(screen.getByRole('button', { name: 'Cancel the booking of Petrova Anna' }));
        expect(onCancelBooking).toHaveBeenCalledWith(41);
    });

    it('shows a place in line with its position, in Russian too', () => {
        renderIn(
            <RosterRow
                person={person({ id: 42, status: 'waitlisted', position: 2 })}
                statuses={statuses}
                disabled={false}
                onMark={vi.fn()}
                onClear={vi.fn()}
                onCancelBooking={vi.fn()}
            />,
            'ru',
        );
        expect(screen.getByTestId('booking-chip').textContent).toBe('В очереди · 2');
        expect(screen.getByRole('button', { name: 'Убрать из очереди: Petrova Anna' })).toBeTruthy();
    });

    it('has no cancel button for someone who may not cancel', () => {
        renderIn(
            <RosterRow
                person={person({ id: 43, status: 'booked', position: null })}
                statuses={statuses}
                disabled={false}
                onMark={vi.fn()}
                onClear={vi.fn()}
            />,
        );
        expect(screen.queryByRole('button', { name: /Cancel the booking/ })).toBeNull();
    });
});

describe('booking by name', () => {
    it('offers "Book" beside each name found, and "Put in line" when the class is full', async () => {
        const onAdd = vi.fn();
        const onBook = vi.fn();
        renderIn(<WalkInSearch eventId={5} disabled={false} onAdd={onAdd} onBook={onBook} full />);
        fireEvent.change(screen.getByLabelText('Add someone by name'), { target: { value: 'Orl' } });
        const button = await screen.findByRole('button', { name: 'Put in line: Orlova Vera' });
        fireEvent.click(button);
        expect(onBook).toHaveBeenCalledWith({ id: 9, name: 'Orlova Vera' });
        expect(onAdd).not.toHaveBeenCalled();
    });

    it('books whoever is chosen for a class that cannot be marked yet', async () => {
        const onBook = vi.fn();
        renderIn(<WalkInSearch eventId={5} disabled={false} onBook={onBook} />, 'ru');
        fireEvent.change(screen.getByLabelText('Записать по имени'), { target: { value: 'Orl' } });
        fireEvent.click(await screen.findByText('Orlova Vera'));
        await waitFor(() => expect(onBook).toHaveBeenCalledWith({ id: 9, name: 'Orlova Vera' }));
    });
});

describe('a refused booking', () => {
    it('is said in the user’s words by its code', () => {
        const translate = (key: string) => (key === 'app.bookings.refusals.full' ? 'The class is full' : key);
        expect(bookingRefusal(translate as never, { body: { errors: { eventId: 'full' } } })).toBe('The class is full');
    });
});
