// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import { CustomerCreate } from '../../src/resources/customers/CustomerCreate';
import {
    anna,
    fill,
    provider,
    renderAt,
    renderCreate,
    statuses,
    tickPersonalData,
    type Locale,
} from '../support/forms';

/*
 * How the new customer form takes a customer's contact, in both languages: a phone or an e-mail will do
 * (with neither, the form says so under the phone), and a ward needs neither, nor is a ward who is given
 * their guardian's phone a duplicate of their own family.
 */

afterEach(cleanup);

const words = {
    en: {
        save: 'Save',
        firstName: 'First name',
        lastName: 'Last name',
        phone: 'Phone',
        contact: /Give a phone or an e-mail/,
    },
    ru: {
        save: 'Сохранить',
        firstName: 'Имя',
        lastName: 'Фамилия',
        phone: 'Телефон',
        contact: /Укажите телефон или e-mail/,
    },
} as const;

describe('a new customer’s contact', () => {
    it.each(['en', 'ru'] as const)('is a phone or an e-mail, in %s', async (locale: Locale) => {
        const said = words[locale];
        const create = await renderCreate(locale);
        await fill(said.firstName, 'Eva');
        await fill(said.lastName, 'Postova');
        fireEvent.click(screen.getByRole('button', { name: said.save }));
        expect(await screen.findByText(said.contact)).toBeTruthy();
        expect(create).not.toHaveBeenCalled();
        await fill('Email', 'eva.postova@example.test');
        // An e-mail is a contact: the phone's message goes as it is typed.
        await waitFor(() => expect(screen.queryByText(said.contact)).toBeNull());
        fireEvent.click(screen.getByRole('button', { name: said.save }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0]).toMatchObject([
            'customers',
            { data: { firstName: 'Eva', email: 'eva.postova@example.test' } },
        ]);
        expect((create.mock.calls[0] as unknown[])[1]).not.toHaveProperty('data.phone', expect.stringMatching(/./));
    });
});

/** The form of a child of Anna's, opened from her card: the guardian is set. */
const renderWard = (locale: Locale) => {
    // Anna's son Petya has her phone too: neither is a duplicate of a new child with it.
    const petya = { ...anna, id: 44, firstName: 'Petya', guardianId: anna.id };
    // And someone the desk may have added twice.
    const oleg = { ...anna, id: 46, firstName: 'Oleg', lastName: 'Orlov', email: null };
    const create = vi.fn(async () => ({ data: { ...anna, id: 45, guardianId: anna.id } }));
    renderAt(<CustomerCreate />, {
        locale,
        path: `/customers/create?source=${encodeURIComponent(JSON.stringify({ guardianId: anna.id }))}`,
        route: '/customers/create',
        resource: 'customers',
        dataProvider: provider({
            create: create as never,
            getList: (async (resource: string, params: GetListParams) => {
                if (resource === 'statuses') return { data: statuses, total: statuses.length };
                const data = params.filter.phoneDigits
                    ? [anna, petya, oleg]
                    : params.filter.guardianId
                      ? [petya]
                      : [anna];
                return { data, total: data.length };
            }) as never,
            getMany: (async () => ({ data: [anna] })) as never,
        }),
    });
    return create;
};

describe('a ward', () => {
    it.each(['en', 'ru'] as const)('needs no phone of their own, in %s', async (locale: Locale) => {
        const said = words[locale];
        const create = renderWard(locale);
        await screen.findByText('Занимается');
        await tickPersonalData(locale);
        await fill(said.firstName, 'Masha');
        await fill(said.lastName, 'Petrova');
        fireEvent.click(screen.getByRole('button', { name: said.save }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0]).toMatchObject([
            'customers',
            { data: { firstName: 'Masha', guardianId: anna.id } },
        ]);
    });

    it.each(['en', 'ru'] as const)(
        "given the guardian's phone is no duplicate of the family, in %s",
        async (locale: Locale) => {
            const said = words[locale];
            renderWard(locale);
            await screen.findByText('Занимается');
            await fill(said.phone, '8 (982) 123-45-67');
            // The number is someone else's too: the warning names them, and not the ward's own family.
            const warning = await screen.findByRole('alert');
            expect(
                within(warning)
                    .getAllByRole('link')
                    .map(link => link.textContent),
            ).toEqual(['Oleg Orlov']);
        },
    );
});
