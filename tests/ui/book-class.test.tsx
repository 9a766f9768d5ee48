// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notification, RecordContextProvider, testDataProvider, type GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, studioToday } from '../../src/domain/time';
import { BookClassDialog } from '../../src/resources/customers/BookClassDialog';
import { renderScreen } from '../support/screen';

/*
 * Booking from the customer's card: the day's classes still to come with their seats, "Book" for a class
 * with a seat, "Put in line" for a full one, the customer's own seat shown instead of a button, and the
 * server's refusal said in the user's words.
 */

afterEach(cleanup);

const tomorrow = addDays(studioToday('Europe/Moscow', new Date()), 1);
const customer = { id: 7, firstName: 'Anna', lastName: 'Petrova' };
const event = (id: number, time: string, fields: Record<string, unknown>) => ({
    id,
    courseId: 1,
    teacherId: 3,
    studioId: 1,
    title: null,
    startsAt: `${tomorrow}T${time}`,
    durationMinutes: 60,
    status: 'planned',
    capacity: 2,
    booked: 0,
    waitlisted: 0,
    ...fields,
});
const classes = [
    event(11, '10:00', { title: 'Morning flow', booked: 1 }),
    event(12, '12:00', { title: 'Noon stretch', booked: 2, waitlisted: 1 }),
    event(13, '18:00', { title: 'Evening hatha', booked: 1 }),
];

const renderDialog = (book: (params: unknown) => Promise<unknown>, locale: 'en' | 'ru' = 'en') => {
    const lists: Record<string, (params: GetListParams) => unknown[]> = {
        events: params => (String(params.filter.startsAt_lte).startsWith(tomorrow) ? classes : []),
        bookings: () => [{ id: 90, eventId: 13, customerId: 7, status: 'booked', position: null }],
    };
    const dataProvider = {
        ...testDataProvider(),
        getList: async (resource: string, params: GetListParams) => {
            const data = lists[resource]?.(params) ?? [];
            return { data, total: data.length };
        },
        getMany: async (resource: string) => ({
            data: resource === 'settings/courses' ? [{ id: 1, name: 'Yoga' }] : [{ id: 3, name: 'Anna Teacher' }],
        }),
        getOne: async () => ({ data: { id: 'general', timezone: 'Europe/Moscow', bookingOpensDays: 14 } }),
        book,
    };
    return renderScreen(
        <>
            <RecordContextProvider value={customer}>
                <BookClassDialog open onClose={vi.fn()} />
            </RecordContextProvider>
            <Notification />
        </>,
        { dataProvider: dataProvider as never, authProvider: null, locale },
    );
};

const pickTomorrow = () =>
    fireEvent.change(screen.getByLabelText('Date of the class'), { target: { value: tomorrow } });

describe('booking a class from the card', () => {
    it('books a class with a seat, puts in line for a full one, and shows a seat held already', async () => {
        const book = vi.fn(async (params: unknown) => ({ id: 1, ...(params as object), status: 'booked' }));
        renderDialog(book);
        pickTomorrow();
        const rows = await screen.findAllByTestId('bookable-class');
        expect(rows.map(row => row.textContent)).toEqual([
            expect.stringMatching(/Yoga · Morning flow.*Anna Teacher · Booked: 1 \/ 2Book$/),
            expect.stringMatching(/Yoga · Noon stretch.*Booked: 2 \/ 2 · 1 in linePut in line$/),
            expect.stringMatching(/Yoga · Evening hatha.*Booked: 1 \/ 2Booked$/),
        ]);
        expect(within(rows[2]).queryByRole('button', { name: /^Book/ })).toBeNull();

        fireEvent.click(within(rows[0]).getByRole('button', { name: 'Book: Yoga · Morning flow' }));
        await waitFor(() => expect(book).toHaveBeenCalledWith({ eventId: 11, customerId: 7, waitlist: false }));
        fireEvent.click(within(rows[1]).getByRole('button', { name: 'Put in line: Yoga · Noon stretch' }));
        await waitFor(() => expect(book).toHaveBeenCalledWith({ eventId: 12, customerId: 7, waitlist: true }));
    });

    it('says why the server refused, in Russian too', async () => {
        const book = vi.fn(async () => {
            throw Object.assign(new Error('refused'), { status: 409, body: { errors: { eventId: 'no_pass' } } });
        });
        renderDialog(book, 'ru');
        fireEvent.change(screen.getByLabelText('Дата занятия'), { target: { value: tomorrow } });
        const rows = await screen.findAllByTestId('bookable-class');
        fireEvent.click(within(rows[0]).getByRole('button', { name: /^Записать:/ }));
        await screen.findByText(/Нет абонемента/);
    });
});
