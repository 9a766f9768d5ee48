// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
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

    it('are fetched for a manager too, and named as they are in Russian', async () => {
        renderAdmin({ role: 'manager', locale: 'ru' });
        expect(await screen.findByRole('menuitem', { name: 'rooms' })).toBeTruthy();
        expect(screen.getByText('Прототипы')).toBeTruthy();
        // The page title too: the collection's name, not react-admin's English guess at one ("Rooms").
        expect(await screen.findByText('Blue room')).toBeTruthy();
        await waitFor(() => expect(document.getElementById('react-admin-title')?.textContent).toBe('rooms'));
    });

    it('are not even asked for by a teacher, who sees no Prototypes group', async () => {
        const { getPrototypes } = renderAdmin({ role: 'teacher', path: '/elsewhere' });
        expect(await screen.findByText('Elsewhere')).toBeTruthy();
        expect(screen.queryByText('Prototypes')).toBeNull();
        expect(screen.queryByRole('menuitem', { name: 'rooms' })).toBeNull();
        expect(getPrototypes).not.toHaveBeenCalled();
    });

    it('that cannot be fetched leave the user signed in, with the studio screens and without prototypes', async () => {
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        const { logout } = renderAdmin({ load: async () => Promise.reject(new Error('offline')), path: '/studio' });
        expect(await screen.findByText("The studio's own screen")).toBeTruthy();
        expect(screen.queryByText('Prototypes')).toBeNull();
        expect(logout).not.toHaveBeenCalled();
        expect(warn).toHaveBeenCalled();
        warn.mockRestore();
    });

    it('answer the prototype functions alone: none at once for a teacher or nobody, without a request', () => {
        const load = vi.fn(async () => [{ name: 'rooms', count: 1 }]);
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

    it('lets an admin create a record, and a manager not', async () => {
        renderAdmin();
        expect(await screen.findByText('Blue room')).toBeTruthy();
        expect(await screen.findByRole('link', { name: 'Create' })).toBeTruthy();
        cleanup();
        renderAdmin({ role: 'manager' });
        expect(await screen.findByText('Blue room')).toBeTruthy();
        // Given the time to show, as it does for an admin: the role's check has settled by then.
        await new Promise(resolve => setTimeout(resolve, 300));
        expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
        expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    });

    it('sends a manager who types the create or edit path to access denied', async () => {
        renderAdmin({ role: 'manager', path: '/rooms/create' });
        await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/access-denied'));
        cleanup();
        renderAdmin({ role: 'manager', path: '/rooms/1' });
        await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/access-denied'));
    });

    it('of an empty collection invites an admin to add the first record, a manager not', async () => {
        renderAdmin({ collections: { desks: [] }, path: '/desks' });
        expect(await screen.findByRole('link', { name: 'Create' })).toBeTruthy();
        cleanup();
        renderAdmin({ role: 'manager', collections: { desks: [] }, path: '/desks' });
        expect(await screen.findByText('No desks yet.')).toBeTruthy();
        await new Promise(resolve => setTimeout(resolve, 300));
        expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    });
});
