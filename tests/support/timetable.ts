import type { RaRecord } from 'ra-core';
import { call, serverForEveryRole } from './server';

/*
 * Helpers for the tests of the timetable (tests/api/timetable-*.test.ts): a server on the demo database
 * signed in as every demo role, groups of Anna's, and the classes generated from them.
 */

// Anna (id 3) teaches and signs in as the demo teacher; Boris (id 4) is another teacher.
export const anna = 3;
export const boris = 4;

interface Generated {
    created: number;
    events: RaRecord[];
    skipped: { date: string; startTime: string; reason: string; eventId?: number; params: Record<string, string> }[];
}

/** A server for the calling test file signed in as every demo role, and the builders. */
export const timetableServer = () => {
    const served = serverForEveryRole();

    const generate = async (scheduleId: unknown, from: string, to: string, token = served.tokens.manager) => {
        const answer = await call(served.server.url, `/api/schedules/${scheduleId}/generate`, {
            method: 'POST',
            token,
            json: { from, to },
        });
        return { status: answer.status, body: answer.body as unknown as Generated };
    };

    const eventsOf = async (scheduleId: unknown) =>
        (
            await served.clients.manager.getList('events', {
                filter: { scheduleId },
                pagination: { page: 1, perPage: 100 },
                sort: { field: 'startsAt', order: 'ASC' },
            })
        ).data;

    /** A group of Anna's in studio 2 on Monday and Wednesday mornings from March 2027, when the demo timetable is quiet. */
    const buildGroup = async (fields: Record<string, unknown> = {}) =>
        (
            await served.clients.manager.create('schedules', {
                data: {
                    title: 'Morning yoga',
                    courseId: 1,
                    teacherId: anna,
                    studioId: 2,
                    slots: [
                        { weekday: 1, startTime: '10:00', durationMinutes: 60 },
                        { weekday: 3, startTime: '10:00', durationMinutes: 60 },
                    ],
                    startsOn: '2027-03-01',
                    capacity: 10,
                    customerIds: [1, 2],
                    ...fields,
                },
            })
        ).data;

    return { served, generate, eventsOf, buildGroup };
};
