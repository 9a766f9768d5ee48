// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { payRate } from '../../src/domain/pay';
import { studioToday } from '../../src/domain/time';
import type { Config, User } from '../../src/domain/types';
import users from '../../src/resources/users';
import { renderScreen, type Locale } from '../support/screen';

/*
 * A new pay rate on a teacher's card starts from the rate in force, from today; a rate that pays nothing
 * is saved only once the admin says so, in a dialog that names it.
 */

afterEach(cleanup);

const config: Config = {
    id: 'general',
    createdAt: '',
    studioName: 'Studio Pulse',
    currency: 'RUB',
    timezone: 'Europe/Moscow',
    country: 'RU',
    defaultLocale: 'en',
    paymentLinkTtlHours: 72,
    expiringPassDays: 7,
    lowVisitsThreshold: 2,
    teacherEditDays: 2,
    autoCloseHours: 12,
    bookingOpensDays: 14,
    bookingClosesMinutes: 0,
    lateCancelHours: 12,
    maxWaitlists: 3,
    quietHours: '22:00-09:00',
    reminders: true,
    staffBookingNotices: true,
    membershipGraceDays: 3,
    closures: [],
    penaltyDelayHours: 24,
    receiptTaxSystem: null,
    receiptVat: 'none',
    receiptPaymentMode: 'full_payment',
};
const today = studioToday(config.timezone, new Date());

const boris: User = {
    id: 4,
    name: 'Boris Sokolov',
    email: 'boris@studio.test',
    role: 'teacher',
    active: true,
    pay: [payRate({ kind: 'per_attendee', amount: 300, minimum: 500 })],
    createdAt: '2026-01-01T00:00:00.000Z',
};

const renderCard = (locale: Locale = 'en') => {
    const update = vi.fn(async (_resource: string, { data }: { data: unknown }) => ({ data }) as never);
    const dataProvider = testDataProvider({
        getOne: async resource => ({ data: resource === 'configs' ? config : boris }) as never,
        getList: async () => ({ data: [], total: 0 }),
        getMany: async () => ({ data: [] }),
        update,
    });
    renderScreen(
        <Routes>
            <Route
                path="/settings/users/:id"
                element={
                    <ResourceContextProvider value="settings/users">
                        <users.edit />
                    </ResourceContextProvider>
                }
            />
            <Route path="/settings/users" element={<p>The list</p>} />
        </Routes>,
        { dataProvider, identity: { id: 1, fullName: 'Olga Admin' }, locale, path: '/settings/users/4' },
    );
    return update;
};

const addRate = async ({ add, from } = { add: 'Add', from: 'From' }) => {
    await screen.findByDisplayValue('Boris Sokolov');
    fireEvent.click(screen.getByRole('button', { name: add }));
    await waitFor(() => expect(screen.getAllByLabelText(from)).toHaveLength(2));
};

describe('a new pay rate of a teacher', () => {
    it('starts from the rate in force, from today', async () => {
        renderCard();
        await addRate();
        expect((screen.getAllByLabelText('From')[1] as HTMLInputElement).value).toBe(today);
        expect((screen.getAllByLabelText('Pay rate')[1] as HTMLInputElement).value).toBe('300');
        expect((screen.getAllByLabelText('At least, per class')[1] as HTMLInputElement).value).toBe('500');
        expect(screen.getAllByText('Per attendee')).toHaveLength(2);
    });

    it('is saved at 0 only once the admin confirms, in a dialog naming it', async () => {
        const update = renderCard();
        await addRate();
        fireEvent.change(screen.getAllByLabelText('Pay rate')[1], { target: { value: '0' } });
        fireEvent.change(screen.getAllByLabelText('At least, per class')[1], { target: { value: '0' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Save a rate that pays nothing?')).toBeTruthy();
        expect(within(dialog).getByTestId('rate-text').textContent).toMatch(/^Per attendee · RUB\s?0\.00 · from /);
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(update).not.toHaveBeenCalled();

        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
        const saved = (update.mock.calls[0][1].data as User).pay;
        expect(saved).toHaveLength(2);
        expect(saved[1]).toMatchObject({ from: today, kind: 'per_attendee', amount: 0, minimum: 0 });
    });

    it('is saved without a question when it pays something', async () => {
        const update = renderCard();
        await addRate();
        fireEvent.change(screen.getAllByLabelText('Pay rate')[1], { target: { value: '350' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
        expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('asks in Russian', async () => {
        renderCard('ru');
        await addRate({ add: 'Добавить', from: 'С даты' });
        fireEvent.change(screen.getAllByLabelText('Ставка')[1], { target: { value: '0' } });
        fireEvent.change(screen.getAllByLabelText('Не меньше, за занятие')[1], { target: { value: '0' } });
        fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
        const dialog = await screen.findByRole('dialog');
        expect(within(dialog).getByText('Сохранить ставку, по которой ничего не платится?')).toBeTruthy();
        expect(within(dialog).getByText(/По этой ставке преподаватель ничего не получает/)).toBeTruthy();
    });
});
