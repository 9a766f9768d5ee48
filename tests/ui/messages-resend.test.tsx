// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import type { Message } from '../../src/domain/types';
import { MessageList } from '../../src/resources/messages/MessageList';
import { renderScreen } from '../support/screen';

/*
 * The outbox offers "Send again" for a failed message only: a skipped one had no channel (or its kind was
 * turned off), and its row says why it is not sent again instead. In English and Russian.
 */

afterEach(cleanup);

const message = (fields: Partial<Message> & Pick<Message, 'id' | 'status'>): Message => ({
    createdAt: '2031-07-15T09:00:00.000Z',
    customerId: 1,
    channel: null,
    kind: 'class_cancelled',
    bookingId: null,
    dedupeKey: `class_cancelled:${fields.id}`,
    locale: 'en',
    subject: `Subject ${fields.id}`,
    text: 'Your class is cancelled',
    attempts: 0,
    sendAt: '2031-07-15T09:00:00.000Z',
    sentAt: null,
    error: null,
    leaseUntil: null,
    ...fields,
});

const outbox = [
    message({ id: 3, status: 'failed', channel: 'email', attempts: 5, error: '550 no such mailbox' }),
    message({ id: 2, status: 'skipped', error: 'no_channel' }),
    message({ id: 1, status: 'skipped', error: 'opted_out' }),
];

const renderOutbox = (locale: 'en' | 'ru' = 'en') => {
    const resendMessage = vi.fn(async ({ id }: { id: number }) => ({ ...outbox[0], id, status: 'queued' }));
    renderScreen(
        <ResourceContextProvider value="messages">
            <MessageList />
        </ResourceContextProvider>,
        {
            dataProvider: testDataProvider({
                getList: async () => ({ data: outbox, total: outbox.length }),
                getMany: async () => ({ data: [{ id: 1, firstName: 'Ada', lastName: 'Reader' }] }),
                getOne: async () => ({ data: { id: 1, firstName: 'Ada', lastName: 'Reader' } }),
                resendMessage,
            } as never),
            authProvider: null,
            locale,
        },
    );
    return resendMessage;
};

const rowOf = async (subject: string) => (await screen.findByText(subject)).closest('tr') as HTMLElement;

describe('sending a message again from the outbox', () => {
    it('offers it for a failed message and says why not for a skipped one', async () => {
        const resendMessage = renderOutbox();
        const failed = await rowOf('Subject 3');
        const noChannel = await rowOf('Subject 2');
        const optedOut = await rowOf('Subject 1');
        expect(within(noChannel).queryByRole('button', { name: 'Send again' })).toBeNull();
        expect(within(optedOut).queryByRole('button', { name: 'Send again' })).toBeNull();
        within(noChannel).getByText('Not sent again: no channel reaches the customer (no Telegram, no e-mail)');
        within(optedOut).getByText('Not sent again: the customer turned these messages off');
        fireEvent.click(within(failed).getByRole('button', { name: 'Send again' }));
        await waitFor(() => expect(resendMessage).toHaveBeenCalledWith({ id: 3 }));
    });

    it('in Russian', async () => {
        renderOutbox('ru');
        const noChannel = await rowOf('Subject 2');
        within(noChannel).getByText('Не отправить снова: у клиента нет канала (ни Telegram, ни e-mail)');
        expect(within(noChannel).queryByRole('button', { name: 'Отправить снова' })).toBeNull();
        within(await rowOf('Subject 3')).getByRole('button', { name: 'Отправить снова' });
    });
});
