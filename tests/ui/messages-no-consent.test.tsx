// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import type { Message } from '../../src/domain/types';
import { MessageList } from '../../src/resources/messages/MessageList';
import { renderScreen } from '../support/screen';

/*
 * A message that sells, to a customer who has not agreed to offers, is kept in the outbox as skipped with
 * `no_consent`: its row says why it is not sent again, and opened, why it was skipped, in both languages.
 */

afterEach(cleanup);

const skipped: Message = {
    id: 9,
    createdAt: '2026-11-28T09:00:00.000Z',
    customerId: 1,
    channel: null,
    kind: 'test',
    bookingId: null,
    dedupeKey: 'offer:9',
    locale: 'en',
    subject: 'Ten classes for the price of eight',
    text: 'Take the winter pass this week.',
    attempts: 0,
    sendAt: '2026-11-28T09:00:00.000Z',
    sentAt: null,
    error: 'no_consent',
    leaseUntil: null,
    status: 'skipped',
};

const renderOutbox = (locale: 'en' | 'ru') =>
    renderScreen(
        <ResourceContextProvider value="messages">
            <MessageList />
        </ResourceContextProvider>,
        {
            dataProvider: testDataProvider({
                getList: async () => ({ data: [skipped], total: 1 }),
                getMany: async () => ({ data: [{ id: 1, firstName: 'Ada', lastName: 'Reader' }] }),
                getOne: async () => ({ data: { id: 1, firstName: 'Ada', lastName: 'Reader' } }),
            } as never),
            authProvider: null,
            locale,
        },
    );

describe('an offer skipped for want of marketing consent', () => {
    it.each([
        [
            'en',
            'Not sent again: the customer has not agreed to receive offers by message',
            'Why: the message offers something, and the customer has not agreed to receive offers by message',
            'Send again',
        ],
        [
            'ru',
            'Не отправить снова: клиент не давал согласия получать предложения',
            'Причина: в сообщении предложение, а клиент не давал согласия получать предложения в сообщениях',
            'Отправить снова',
        ],
    ] as const)('says why in %s', async (locale, notResent, why, resend) => {
        renderOutbox(locale);
        const row = (await screen.findByText(skipped.subject)).closest('tr') as HTMLElement;
        expect(within(row).getByText(notResent)).toBeTruthy();
        expect(within(row).queryByRole('button', { name: resend })).toBeNull();
        fireEvent.click(row);
        expect(await screen.findByText(why)).toBeTruthy();
        expect(document.body.textContent).not.toContain('no_consent');
    });
});
