// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDataProvider, type DataProvider } from 'react-admin';
import type { Config } from '../../src/domain/types';
import { MyTasksPanel } from '../../src/pages/dashboard/MyTasksPanel';
import type { ListedTask } from '../../src/resources/tasks/TaskFields';
import { TaskEdit } from '../../src/resources/tasks/TaskEdit';
import { TaskList } from '../../src/resources/tasks/TaskList';
import { renderScreen, type Locale } from '../support/screen';

/*
 * Tasks on the staff's screens, in English and Russian: the dashboard's "My tasks" (overdue first and
 * marked, whose customer, Done and Skip) asks the server for mine and open, and a task is marked done
 * with a note through POST /api/tasks/:id/done; the Tasks list shows due, whose, customer and state.
 */

afterEach(cleanup);

const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow' } as Config;

const task = (id: number, fields: Partial<ListedTask>): ListedTask => ({
    id,
    createdAt: '2026-11-20T10:00:00.000Z',
    title: `Task ${id}`,
    kind: 'call',
    customerId: null,
    leadId: null,
    membershipId: null,
    assigneeId: 3,
    assigneeRole: null,
    dueAt: '2099-01-10T09:00:00.000Z',
    note: null,
    source: 'manual',
    status: 'open',
    doneAt: null,
    doneBy: null,
    createdBy: 2,
    customerName: null,
    assigneeName: 'Anna Teacher',
    doneByName: null,
    ...fields,
});

const late = task(1, {
    title: 'Call Masha about her pass',
    customerId: 5,
    customerName: 'Masha Petrova',
    dueAt: '2020-01-10T09:00:00.000Z',
});
const queued = task(2, { title: 'Ring the new group', assigneeId: null, assigneeRole: 'teacher' });
const closed = task(3, {
    title: 'Sent the timetable',
    status: 'done',
    doneAt: '2026-11-28T10:00:00.000Z',
    doneBy: 3,
    doneByName: 'Anna Teacher',
    note: 'She has it',
});

const providerWith = (tasks: ListedTask[]) => {
    const getList = vi.fn(async () => ({ data: tasks, total: tasks.length }));
    const create = vi.fn(async (resource: string, params: { data: Record<string, unknown> }) => ({
        data: { ...late, status: resource.endsWith('/done') ? 'done' : 'skipped', note: params.data.note },
    }));
    const dataProvider = testDataProvider({
        getList,
        create,
        getOne: async () => ({ data: config }),
        getMany: async () => ({ data: [] }),
    } as unknown as Partial<DataProvider>);
    return { dataProvider, getList, create };
};

const texts = {
    en: {
        title: 'My tasks: 2',
        overdue: 'Overdue',
        done: 'Done',
        queue: 'Teachers’ queue',
        open: 'Open',
        mine: 'Mine and my queue',
        closedBy: /Done .* by Anna Teacher/,
    },
    ru: {
        title: 'Мои задачи: 2',
        overdue: 'Просрочена',
        done: 'Сделано',
        queue: 'Очередь преподавателей',
        open: 'Открыта',
        mine: 'Мои и моей очереди',
        closedBy: /Сделана .*, Anna Teacher/,
    },
} as const;

describe.each(['en', 'ru'] as Locale[])('tasks in %s', locale => {
    const text = texts[locale];

    it('"My tasks" shows mine and my queue, open, the overdue marked, and marks one done with a note', async () => {
        const { dataProvider, getList, create } = providerWith([late, queued]);
        renderScreen(<MyTasksPanel />, { role: 'teacher', locale, dataProvider });
        expect(await screen.findByText(text.title)).toBeTruthy();
        const list = screen.getByTestId('my-tasks');
        const rows = within(list).getAllByRole('listitem');
        expect(rows).toHaveLength(2);
        expect(within(rows[0]).getByText('Call Masha about her pass')).toBeTruthy();
        expect(within(rows[0]).getByText(new RegExp(text.overdue))).toBeTruthy();
        // A teacher reads the customer's name but has no card to open.
        expect(within(rows[0]).getByText(/Masha Petrova/)).toBeTruthy();
        expect(within(rows[0]).queryByRole('link', { name: 'Masha Petrova' })).toBeNull();
        expect(within(rows[1]).queryByText(new RegExp(text.overdue))).toBeNull();
        expect(getList).toHaveBeenCalledWith(
            'tasks',
            expect.objectContaining({ filter: { mine: true, status: 'open' }, sort: { field: 'dueAt', order: 'ASC' } }),
        );

        fireEvent.click(within(rows[0]).getByRole('button', { name: text.done }));
        const dialog = await screen.findByRole('dialog');
        fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Called, she renews on Monday' } });
        fireEvent.click(within(dialog).getByRole('button', { name: text.done }));
        await waitFor(() =>
            expect(create).toHaveBeenCalledWith('tasks/1/done', { data: { note: 'Called, she renews on Monday' } }),
        );
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('the Tasks list shows when each is due, whose it is, its customer and its state', async () => {
        const { dataProvider, getList } = providerWith([late, queued, closed]);
        renderScreen(<TaskList />, { role: 'manager', locale, dataProvider, resource: 'tasks', path: '/tasks' });
        expect(await screen.findByText('Call Masha about her pass')).toBeTruthy();
        expect(screen.getByText(text.mine)).toBeTruthy();
        const rowOf = (title: string) => screen.getByText(title).closest('tr')!;
        expect(within(rowOf('Call Masha about her pass')).getByText(text.overdue)).toBeTruthy();
        const masha = await within(rowOf('Call Masha about her pass')).findByRole('link', { name: 'Masha Petrova' });
        expect(masha.getAttribute('href')).toBe('/customers/5');
        expect(within(rowOf('Call Masha about her pass')).getByText('Anna Teacher')).toBeTruthy();
        expect(within(rowOf('Ring the new group')).getByText(text.queue)).toBeTruthy();
        expect(within(rowOf('Ring the new group')).queryByText(text.overdue)).toBeNull();
        expect(within(rowOf('Ring the new group')).getByText(text.open)).toBeTruthy();
        expect(within(rowOf('Sent the timetable')).getByText(text.closedBy)).toBeTruthy();
        expect(within(rowOf('Sent the timetable')).queryByRole('button', { name: text.done })).toBeNull();
        expect(within(rowOf('Ring the new group')).getByRole('button', { name: text.done })).toBeTruthy();
        expect(getList).toHaveBeenCalledWith(
            'tasks',
            expect.objectContaining({ filter: { status: 'open' }, sort: { field: 'dueAt', order: 'ASC' } }),
        );
    });
});

describe('a closed task', () => {
    it('keeps all but its note, which can still be changed', async () => {
        const queuedDone: ListedTask = { ...closed, assigneeId: null, assigneeRole: 'teacher' };
        const update = vi.fn(async (_resource: string, params: { data: Partial<ListedTask> }) => ({
            data: { ...queuedDone, ...params.data },
        }));
        const dataProvider = testDataProvider({
            getOne: async (resource: string) => ({ data: resource === 'tasks' ? queuedDone : config }),
            getList: async () => ({ data: [], total: 0 }),
            getMany: async () => ({ data: [] }),
            update,
        } as unknown as Partial<DataProvider>);
        renderScreen(<TaskEdit />, {
            role: 'manager',
            dataProvider,
            resource: 'tasks',
            path: '/tasks/3',
            route: '/tasks/:id',
        });
        const note = await screen.findByDisplayValue('She has it');
        expect((screen.getByDisplayValue('Sent the timetable') as HTMLInputElement).disabled).toBe(true);
        expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
        fireEvent.change(note, { target: { value: 'She has it, and the new one too' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(update).toHaveBeenCalled());
        const [, { data }] = update.mock.calls[0];
        // The queue it was in goes back as it was: the server refuses a closed task's other changes.
        expect(data).toMatchObject({
            note: 'She has it, and the new one too',
            assigneeId: null,
            assigneeRole: 'teacher',
        });
        expect(data.title === undefined || data.title === 'Sent the timetable').toBe(true);
    });
});
