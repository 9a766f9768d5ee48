import type { Attendance, Customer, Identifier, StudioEvent } from './types';

/*
 * The attendance journal of a group for a month: customers in rows, the month's
 * events in columns, marks in the cells. Totals count visits, the marks whose status charges, so
 * that the journal agrees with the passes and with the teacher's pay.
 */

interface JournalColumn {
    eventId: Identifier;
    startsAt: string;
    status: StudioEvent['status'];
    visits: number;
}

interface JournalRow {
    customerId: Identifier;
    name: string;
    /** The mark by event id; no key where the customer has none. */
    marks: Record<string, string>;
    visits: number;
}

export interface Journal {
    month: string;
    columns: JournalColumn[];
    rows: JournalRow[];
    visits: number;
}

type Named = Pick<Customer, 'firstName' | 'lastName'>;

/**
 * A person's name as people say it, "Anna Petrova"; or "Petrova Anna" for a table sorted by name,
 * where the surname first lets the eye run down the order. The one place names are put together.
 */
export const personName = (person: Named, order: 'firstLast' | 'lastFirst' = 'firstLast'): string =>
    order === 'firstLast' ? `${person.firstName} ${person.lastName}` : `${person.lastName} ${person.firstName}`;

/** The name in a table sorted by name (the journal, a roster, exports): surname first. */
export const sortingName = (person: Named): string => personName(person, 'lastFirst');

/** The first and last dates of a month `YYYY-MM`. */
export const monthBounds = (month: string): [string, string] => {
    const [year, number] = month.split('-').map(Number);
    const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
    return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
};

export const buildJournal = (
    month: string,
    members: Identifier[],
    events: StudioEvent[],
    attendances: Pick<Attendance, 'eventId' | 'customerId' | 'status'>[],
    customers: Pick<Customer, 'id' | 'firstName' | 'lastName'>[],
    chargingStatuses: ReadonlySet<string>,
): Journal => {
    const columns = events
        .filter(event => event.startsAt.startsWith(month))
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id)
        .map(event => ({ eventId: event.id, startsAt: event.startsAt, status: event.status, visits: 0 }));
    const columnOf = new Map(columns.map(column => [column.eventId, column]));
    const marks = attendances.filter(attendance => columnOf.has(attendance.eventId));
    const names = new Map(customers.map(customer => [customer.id, sortingName(customer)]));
    const rowIds = [...new Set([...members, ...marks.map(mark => mark.customerId)])];
    const rows = new Map<Identifier, JournalRow>(
        rowIds.map(id => [id, { customerId: id, name: names.get(id) ?? `#${id}`, marks: {}, visits: 0 }]),
    );
    for (const mark of marks) {
        const row = rows.get(mark.customerId) as JournalRow;
        row.marks[String(mark.eventId)] = mark.status;
        if (chargingStatuses.has(mark.status)) {
            row.visits += 1;
            (columnOf.get(mark.eventId) as JournalColumn).visits += 1;
        }
    }
    const sorted = [...rows.values()].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
    return { month, columns, rows: sorted, visits: columns.reduce((sum, column) => sum + column.visits, 0) };
};
