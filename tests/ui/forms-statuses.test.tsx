// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusList } from '../../src/resources/statuses/StatusList';
import { provider, renderAt, statuses, type Locale } from '../support/forms';

/*
 * The status dialog speaks the interface's language: labels in either, falling back to the other, and
 * the app's own messages.
 */

afterEach(cleanup);

describe('the status dialog', () => {
    const renderList = (locale: Locale, create = vi.fn(async () => ({ data: { ...statuses[0], id: 9 } }))) => {
        renderAt(<StatusList name="customer" />, {
            locale,
            path: '/settings/statuses/customer',
            route: '/settings/statuses/:name',
            resource: 'statuses',
            dataProvider: provider({ create: create as never }),
        });
        return { create };
    };

    it('lists labels in the interface language, falling back to the other', async () => {
        renderList('en');
        expect(await screen.findByText('Lead')).toBeTruthy();
        expect(screen.getByText('Занимается')).toBeTruthy();
        cleanup();
        renderList('ru');
        expect(await screen.findByText('Интерес')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Изменить «Занимается»' })).toBeTruthy();
    });

    it('edits both labels, needs one, and cancels', async () => {
        const { create } = renderList('en');
        fireEvent.click(await screen.findByRole('button', { name: 'Add status' }));
        const dialog = within(await screen.findByRole('dialog'));
        fireEvent.change(dialog.getByLabelText('Code'), { target: { value: 'vip' } });
        fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
        expect(await dialog.findByText('Give the label in at least one language')).toBeTruthy();
        fireEvent.change(dialog.getByLabelText('Label in Russian'), { target: { value: 'Постоянный' } });
        await waitFor(() => expect(dialog.queryByText('Give the label in at least one language')).toBeNull());
        fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0]).toMatchObject([
            'statuses',
            { data: { code: 'vip', labels: { ru: 'Постоянный' } } },
        ]);

        fireEvent.click(await screen.findByRole('button', { name: 'Add status' }));
        fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('names the status in the delete confirmation, in Russian', async () => {
        renderList('ru');
        const deletes = await screen.findAllByRole('button', { name: 'Удалить' });
        fireEvent.click(deletes[0]);
        expect(await screen.findByText('Удалить «Интерес»?')).toBeTruthy();
    });
});
