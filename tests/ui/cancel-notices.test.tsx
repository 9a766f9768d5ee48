// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore, testDataProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { englishMessages } from '../../src/app/i18n/en';
import { russianMessages } from '../../src/app/i18n/ru';
import type { CancelNotice, CancelNoticesAnswer } from '../../src/domain/eventNotices';
import type { StudioEvent } from '../../src/domain/types';
import { EventHeader } from '../../src/resources/events/EventHeader';
import { UnreachedPanel } from '../../src/resources/events/UnreachedPanel';

/*
 * Cancelling a class says first who will be told and by which channel (or that a message cannot reach
 * them, with the phone to call); once it is cancelled, its page lists those the message did not reach,
 * with their phones, for the desk to call. In English and Russian.
 */

afterEach(cleanup);

const event: StudioEvent = {
    id: 41,
    createdAt: '2031-07-01T00:00:00.000Z',
    scheduleId: null,
    title: 'Evening calm',
    courseId: 1,
    teacherId: 90,
    studioId: 90,
    startsAt: '2031-07-20T18:00',
    durationMinutes: 60,
    capacity: 10,
    bookable: true,
    status: 'planned',
    notes: null,
};

const notice = (fields: Partial<CancelNotice> & Pick<CancelNotice, 'customerId' | 'name'>): CancelNotice => ({
    seat: 'booked',
    recipient: { id: fields.customerId, name: fields.name, phone: '+79010000001' },
    channel: 'email',
    reason: null,
    message: null,
    ...fields,
});

const before: CancelNoticesAnswer = {
    cancelled: false,
    people: [
        notice({ customerId: 1, name: 'Ada Mailed' }),
        notice({
            customerId: 2,
            name: 'Kid Ward',
            channel: 'telegram',
            recipient: { id: 3, name: 'Olga Parent', phone: '+79010000003' },
        }),
        notice({
            customerId: 4,
            name: 'Nina Nomail',
            channel: null,
            reason: 'no_channel',
            recipient: { id: 4, name: 'Nina Nomail', phone: '+79010000004' },
        }),
        notice({ customerId: 5, name: 'Lev Waiting', seat: 'waitlisted' }),
    ],
};

const after: CancelNoticesAnswer = {
    cancelled: true,
    people: [
        notice({
            customerId: 1,
            name: 'Ada Mailed',
            seat: null,
            message: { id: 7, status: 'sent', error: null, attempts: 1 },
        }),
        notice({
            customerId: 4,
            name: 'Nina Nomail',
            seat: null,
            channel: null,
            reason: 'no_channel',
            recipient: { id: 4, name: 'Nina Nomail', phone: '+79010000004' },
            message: { id: 8, status: 'skipped', error: 'no_channel', attempts: 0 },
        }),
        notice({
            customerId: 6,
            name: 'Fay Failed',
            seat: null,
            recipient: { id: 6, name: 'Fay Failed', phone: '+79010000006' },
            message: { id: 9, status: 'failed', error: '550 no such mailbox', attempts: 5 },
        }),
    ],
};

const renderWith = (ui: React.ReactNode, answer: CancelNoticesAnswer, locale: 'en' | 'ru' = 'en') => {
    const getCancelNotices = vi.fn(async () => answer);
    const update = vi.fn(async (_resource: string, { data }: { data: Partial<StudioEvent> }) => ({
        data: { ...event, ...data },
    }));
    render(
        <MemoryRouter>
            <AdminContext
                dataProvider={testDataProvider({
                    getMany: async () => ({ data: [] }),
                    getOne: async () => ({ data: { id: 90, name: 'Own hall' } }),
                    getCancelNotices,
                    update,
                } as never)}
                i18nProvider={polyglotI18nProvider(l => (l === 'ru' ? russianMessages : englishMessages), locale)}
                store={memoryStore()}
            >
                {ui}
            </AdminContext>
        </MemoryRouter>,
    );
    return { getCancelNotices, update };
};

const header = (
    <EventHeader
        event={event}
        visits={0}
        capacity={10}
        givenBack={0}
        closing={{ canClose: false, canReopen: false, refusal: 'not_started' }}
        marked={0}
    />
);

describe('cancelling a class says who will be told', () => {
    it('lists each person booked or in line with the channel, and whom no message reaches with their phone', async () => {
        const { getCancelNotices, update } = renderWith(header, before);
        fireEvent.click(screen.getByRole('button', { name: 'Cancel class' }));
        const dialog = await screen.findByRole('dialog');
        await within(dialog).findByText('4 people booked or in line will be told that the class is cancelled:');
        expect(getCancelNotices).toHaveBeenCalledWith({ id: 41 });
        const rows = within(dialog)
            .getAllByTestId('cancel-notice')
            .map(row => row.textContent);
        expect(rows).toEqual([
            'Ada Mailedby e-mail',
            'Kid Wardto Olga Parent by Telegram',
            'Nina Nomailno message: no e-mail or Telegram · +79010000004',
            'Lev Waiting, in lineby e-mail',
        ]);
        expect(within(dialog).getByRole('link', { name: 'Call Nina Nomail' }).getAttribute('href')).toBe(
            'tel:+79010000004',
        );
        within(dialog).getByText('1 of them cannot be reached by a message: phone them.');
        expect(update).not.toHaveBeenCalled();
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel class' }));
        await waitFor(() => expect(update).toHaveBeenCalled());
    });

    it('says so when nobody is booked, in Russian', async () => {
        renderWith(header, { cancelled: false, people: [] }, 'ru');
        fireEvent.click(screen.getByRole('button', { name: 'Отменить занятие' }));
        const dialog = await screen.findByRole('dialog');
        await within(dialog).findByText('Никто не записан и не стоит в очереди: сообщать некому.');
    });

    it('names the channels in Russian', async () => {
        renderWith(header, before, 'ru');
        fireEvent.click(screen.getByRole('button', { name: 'Отменить занятие' }));
        const dialog = await screen.findByRole('dialog');
        await within(dialog).findByText('Об отмене узнают 4 человека из записанных и очереди:');
        expect(
            within(dialog)
                .getAllByTestId('cancel-notice')
                .map(row => row.textContent),
        ).toEqual([
            'Ada Mailedпо e-mail',
            'Kid Wardдля Olga Parent в Telegram',
            'Nina Nomailбез сообщения: нет ни e-mail, ни Telegram · +79010000004',
            'Lev Waiting, в очередипо e-mail',
        ]);
    });
});

describe("a cancelled class's page lists those the message did not reach", () => {
    it('with their phones and why, leaving out those it reached', async () => {
        renderWith(<UnreachedPanel eventId={41} />, after);
        const panel = await screen.findByRole('region', { name: 'Not reached by the cancellation: phone them' });
        expect(
            within(panel)
                .getAllByTestId('cancel-notice')
                .map(row => row.textContent),
        ).toEqual([
            'Nina Nomailnot sent: no e-mail or Telegram · +79010000004',
            'Fay Failedfailed: 550 no such mailbox · +79010000006',
        ]);
        expect(within(panel).getByRole('link', { name: 'Call Fay Failed' }).getAttribute('href')).toBe(
            'tel:+79010000006',
        );
        expect(within(panel).queryByText(/Ada Mailed/)).toBeNull();
    });

    it('in Russian', async () => {
        renderWith(<UnreachedPanel eventId={41} />, after, 'ru');
        const panel = await screen.findByRole('region', { name: 'Не получили сообщение об отмене: позвоните' });
        expect(within(panel).getAllByTestId('cancel-notice')[0].textContent).toBe(
            'Nina Nomailне отправлено: нет ни e-mail, ни Telegram · +79010000004',
        );
    });

    it('says everyone was told when the message reached them all', async () => {
        renderWith(<UnreachedPanel eventId={41} />, { cancelled: true, people: after.people.slice(0, 1) });
        await screen.findByText('The cancellation went to everyone booked or in line (1 message).');
    });
});
