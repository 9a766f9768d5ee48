// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import type { StudioEvent } from '../../src/domain/types';
import { EventList } from '../../src/resources/events/EventList';
import { renderScreen } from '../support/screen';

/*
 * The classes list shows each class's seats taken as "booked/capacity", as the server answers them with
 * the page, in a column of its own (not sorted: the count is not stored). In English and Russian.
 */

afterEach(cleanup);

const event = (id: number, booked: number, capacity: number): StudioEvent & { booked: number } => ({
    id,
    createdAt: '2031-07-01T00:00:00.000Z',
    scheduleId: null,
    title: `Own class ${id}`,
    courseId: 1,
    teacherId: 90,
    studioId: 90,
    startsAt: `2031-07-2${id}T18:00`,
    durationMinutes: 60,
    capacity,
    bookable: true,
    status: 'planned',
    notes: null,
    booked,
});

const renderList = (locale: 'en' | 'ru' = 'en') =>
    renderScreen(
        <ResourceContextProvider value="events">
            <EventList />
        </ResourceContextProvider>,
        {
            dataProvider: testDataProvider({
                getList: async () => ({ data: [event(1, 12, 20), event(2, 0, 8)], total: 2 }),
                getMany: async (resource: string) => ({
                    data: resource === 'settings/courses' ? [{ id: 1, name: 'Yoga' }] : [],
                }),
                getOne: async () => ({ data: { id: 1 } }),
            } as never),
            authProvider: null,
            locale,
        },
    );

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('the classes list', () => {
    it('shows the seats booked of the capacity, in a column that does not sort', async () => {
        renderList();
        const header = await screen.findByRole('columnheader', { name: 'Booked' });
        expect(within(header).queryByRole('button')).toBeNull();
        within(await rowOf('Own class 1')).getByText('12/20');
        within(await rowOf('Own class 2')).getByText('0/8');
    });

    it('in Russian', async () => {
        renderList('ru');
        await screen.findByRole('columnheader', { name: 'Записано' });
        within(await rowOf('Own class 1')).getByText('12/20');
    });
});
