import { freshPhone } from './factories';
import { addDays, studioToday } from '../../src/domain/time';
import { serverForEveryRole } from './server';

/*
 * Helpers for the tests of marking attendance (tests/api/attendance-*.test.ts): a server on the demo
 * database signed in as every demo role, and builders of the classes, customers and passes
 * the marks are made on.
 */

// Anna (id 3) teaches; Boris (id 4) is another teacher. Course 1 is yoga (direction 1), course 6 hip-hop.
export const anna = 3;
export const boris = 4;

export const httpError = async (promise: Promise<unknown>) =>
    promise.then(
        () => {
            throw new Error('expected the request to be refused');
        },
        (error: { status: number; body?: Record<string, unknown> }) => error,
    );

// A teacher marks only within a few days of the class: their classes are today's, before the demo's first class at 08:00.
const today = studioToday('Europe/Moscow', new Date());
export const coveringToday = { startsOn: addDays(today, -1), endsOn: addDays(today, 30) };

/** A server for the calling test file signed in as every demo role, and the builders. */
export const attendanceServer = () => {
    const signed = serverForEveryRole();

    let minute = 0;
    /** A one-off class in a quiet month of 2025 (past, so it may be marked), each at its own time so that none clash. */
    const buildEvent = async (fields: Record<string, unknown> = {}) => {
        minute += 1;
        const day = String(1 + (minute % 28)).padStart(2, '0');
        const hour = String(6 + Math.floor(minute / 28)).padStart(2, '0');
        const { data } = await signed.clients.manager.create('events', {
            data: {
                courseId: 1,
                teacherId: anna,
                studioId: 3,
                startsAt: `2025-05-${day}T${hour}:00`,
                durationMinutes: 30,
                capacity: 10,
                ...fields,
            },
        });
        return data;
    };

    let early = 0;
    const todaysEvent = (fields: Record<string, unknown> = {}) => {
        early += 1;
        return buildEvent({ startsAt: `${today}T0${5 + Math.floor(early / 2)}:${early % 2 ? '30' : '00'}`, ...fields });
    };

    const buildCustomer = async (lastName: string) =>
        (
            await signed.clients.manager.create('customers', {
                data: { firstName: 'Test', lastName, phone: freshPhone(), status: 'active' },
            })
        ).data;

    const buildPass = async (customerId: unknown, fields: Record<string, unknown> = {}) =>
        (
            await signed.clients.manager.create('passes', {
                data: {
                    customerId,
                    subscriptionId: 3,
                    name: '8 занятий',
                    price: 5200,
                    visitsTotal: 8,
                    directionIds: [],
                    startsOn: '2025-04-01',
                    endsOn: '2025-06-30',
                    ...fields,
                },
            })
        ).data;

    const pass = async (id: unknown) => (await signed.clients.manager.getOne('passes', { id: id as number })).data;
    const mark = async (eventId: unknown, customerId: unknown, status = 'attended', client = signed.clients.manager) =>
        (await client.create('attendances', { data: { eventId, customerId, status } })).data;

    return { signed, buildEvent, todaysEvent, buildCustomer, buildPass, pass, mark };
};
