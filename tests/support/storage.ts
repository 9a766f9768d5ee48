import type { FileState } from '../../src/server/storage/jsonFile/memory';
import type { Row } from '../../src/server/storage/types';

/*
 * Helpers for the unit tests of the db.json engine's memory (tests/unit/storage-*.test.ts): a database
 * file's state with every collection, empty unless given.
 */

export const stateOf = (values: Partial<Record<string, Row[]>>): FileState => {
    const all = {
        users: [],
        directions: [],
        studios: [],
        courses: [],
        subscriptions: [],
        passes: [],
        customers: [],
        schedules: [],
        events: [],
        attendances: [],
        payments: [],
        paymentLinks: [],
        statuses: [],
        configs: [],
        ...values,
    };
    return { keys: Object.keys(all), values: all };
};
