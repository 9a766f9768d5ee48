// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { prototypeResources } from '../../src/resources/prototypes/prototypeResources';
import { menuNames, quietGuessers, renderAdmin, rooms } from '../support/ui-prototypes';

/*
 * The prototype screens as <Admin> builds them (tests/support/ui-prototypes.tsx): the menu entries of
 * the prototype resources, by role, and a prototype's list with its guessed columns.
 */

const logged = quietGuessers();

describe('the prototype resources', () => {
    it('are fetched for an admin and each gets a menu entry under "Prototypes", by its name', async () => {
        const { getPrototypes } = renderAdmin({
            collections: { rooms: [...rooms], price_list: [] },
            path: '/elsewhere',
        });
        expect(await screen.findByRole('menuitem', { name: 'price_list' })).toBeTruthy();
        expect(screen.getByText('Prototypes')).toBeTruthy();
        expect(menuNames()).toEqual(expect.arrayContaining(['price_list', 'rooms']));
        expect(menuNames().indexOf('price_list')).toBeLessThan(menuNames().indexOf('rooms'));
        expect(getPrototypes).toHaveBeenCalledTimes(1);
    });

    it('are named as they are in Russian', async () => {
        renderAdmin({ locale: 'ru' });
        expect(await screen.findByRole('menuitem', { name: 'rooms' })).toBeTruthy();
        expect(screen.getByText('Прототипы')).toBeTruthy();
        // The page title too: the collection's name, not react-admin's English guess at one ("Rooms").
        expect(await screen.findByText('Blue room')).toBeTruthy();
        await waitFor(() => expect(document.getElementById('react-admin-title')?.textContent).toBe('rooms'));
    });

    it.each(['manager', 'teacher'] as const)(
        'are not even asked for by a %s, who sees no Prototypes group',
        async role => {
            const { getPrototypes } = renderAdmin({ role, path: '/elsewhere' });
            expect(await screen.findByText('Elsewhere')).toBeTruthy();
            // The studio's own menu is there, without the developer's drafts.
            expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toBeTruthy();
            expect(screen.queryByText('Prototypes')).toBeNull();
            expect(screen.queryByRole('menuitem', { name: 'rooms' })).toBeNull();
            expect(getPrototypes).not.toHaveBeenCalled();
        },
    );

    it('that cannot be fetched leave the user signed in, with the studio screens and without prototypes', async () => {
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        const { logout } = renderAdmin({ load: async () => Promise.reject(new Error('offline')), path: '/studio' });
        expect(await screen.findByText("The studio's own screen")).toBeTruthy();
        expect(screen.queryByText('Prototypes')).toBeNull();
        expect(logout).not.toHaveBeenCalled();
        expect(warn).toHaveBeenCalled();
        warn.mockRestore();
    });

    it('answer the prototype functions alone: none at once for a manager, a teacher or nobody, without a request', () => {
        const load = vi.fn(async () => [{ name: 'rooms', count: 1 }]);
        expect(prototypeResources('manager', load)).toEqual([]);
        expect(prototypeResources('teacher', load)).toEqual([]);
        expect(prototypeResources(undefined, load)).toEqual([]);
        expect(load).not.toHaveBeenCalled();
    });
});

describe('a prototype list', () => {
    it('shows the records with columns guessed from them, and prints the guessed code', async () => {
        renderAdmin();
        const row = (await screen.findByText('Blue room')).closest('tr') as HTMLElement;
        expect(within(row).getByText('12')).toBeTruthy();
        expect(screen.getByText('Studio B')).toBeTruthy();
        expect(screen.getByRole('columnheader', { name: /Seats/ })).toBeTruthy();
        // The highlighted menu entry is the collection's.
        expect(screen.getByRole('menuitem', { name: 'rooms' }).getAttribute('aria-current')).toBe('page');
        await waitFor(() => expect(logged('Guessed List:')).toHaveLength(1));
        expect(logged('Guessed List:')[0]).toContain('<DataTable.NumberCol source="seats" />');
    });

    it('lets an admin create a record', async () => {
        renderAdmin();
        expect(await screen.findByText('Blue room')).toBeTruthy();
        expect(await screen.findByRole('link', { name: 'Create' })).toBeTruthy();
    });

    it('of an empty collection invites an admin to add the first record', async () => {
        renderAdmin({ collections: { desks: [] }, path: '/desks' });
        expect(await screen.findByRole('link', { name: 'Create' })).toBeTruthy();
    });
});
