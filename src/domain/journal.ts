import type { Attendance, Customer, Identifier, StudioEvent } from './types';

/*
 * The attendance journal of a group for a month: customers in rows, the month's
 * events in columns, marks in the cells. Totals count visits, the marks whose status charges, so
 * that the journal agrees with the passes and with the teacher's pay.
 */

export interface JournalColumn {
    eventId: Identifier;
    startsAt: string;
    status: StudioEvent['status'];
    visits: number;
}

export interface JournalRow {
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

export const fullName = (customer: Pick<Customer, 'firstName' | 'lastName'>) => `${customer.lastName} ${customer.firstName}`;

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
    const names = new Map(customers.map(customer => [customer.id, fullName(customer)]));
    const rowIds = [...new Set([...members, ...marks.map(mark => mark.customerId)])];
    const rows = new Map<Identifier, JournalRow>(rowIds.map(id => [id, { customerId: id, name: names.get(id) ?? `#${id}`, marks: {}, visits: 0 }]));
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
