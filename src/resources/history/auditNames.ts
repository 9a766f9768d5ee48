import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import { fieldChanges } from '../../domain/audit';
import { collections } from '../../domain/collections';
import { personName } from '../../domain/journal';
import { erasedValue } from '../../domain/privacy';
import { isStudioCollection } from '../../domain/roles';
import { statusLabel } from '../../domain/statuses';
import type { AuditEntry, CollectionName, Status } from '../../domain/types';
import { formatDateTime, formatShortDate } from '../../app/i18n/dates';

/*
 * The records the history of changes speaks of, by their names: the record each entry changed, the
 * customer, pass and class it concerns, and the records its fields refer to. They are fetched for a
 * page of entries at once, one request per collection (and a second round for what names depend on: a
 * class's course, a pay period's teacher), through the same API as every screen, so a reader learns
 * only the names their role may read; the others read as unavailable.
 */

type Values = Record<string, unknown>;
type Row = Values & { id: number | string };

/** Collections whose records have a name and a page to show. */
const namedCollections = [
    'customers',
    'passes',
    'payments',
    'paymentLinks',
    'events',
    'schedules',
    'payPeriods',
    'users',
    'subscriptions',
    'courses',
    'studios',
    'directions',
] as const satisfies readonly CollectionName[];
type NamedCollection = (typeof namedCollections)[number];

export const isNamed = (collection: string): collection is NamedCollection =>
    (namedCollections as readonly string[]).includes(collection);

const settingsCollections = new Set<string>(['users', 'courses', 'studios', 'directions', 'subscriptions']);

/** The app's resource for a collection, for the labels of its fields, the path of its page and its records. */
export const resourceOf = (collection: string) =>
    settingsCollections.has(collection) ? `settings/${collection}` : collection;

/** Fields naming a record that the collection's references leave out: who closed and reopened a pay period. */
const moreReferences: Partial<Record<CollectionName, Record<string, NamedCollection>>> = {
    payPeriods: { closedBy: 'users', reopenedBy: 'users' },
};

/** The collection a field of a record of `collection` refers to, when it is one the history names. */
export const referenceOf = (collection: string, field: string): NamedCollection | undefined => {
    if (!isStudioCollection(collection)) return undefined;
    const reference = collections[collection as CollectionName].references.find(
        candidate => candidate.field === field && !candidate.statusList,
    );
    const target = reference?.collection ?? moreReferences[collection as CollectionName]?.[field];
    return target && isNamed(target) ? target : undefined;
};

/** The status list whose code a field holds (a customer's stage, an attendance's mark). */
export const statusListOf = (collection: string, field: string): Status['name'] | undefined =>
    isStudioCollection(collection)
        ? collections[collection as CollectionName].references.find(candidate => candidate.field === field)?.statusList
        : undefined;

/** The ids wanted of each collection, as text (payment links have text ids). */
type Wanted = Map<NamedCollection, Set<string>>;

const want = (wanted: Wanted, collection: NamedCollection, id: unknown) => {
    // An erased person's values name no record.
    if ((typeof id !== 'number' && typeof id !== 'string') || id === erasedValue) return;
    const ids = wanted.get(collection) ?? new Set<string>();
    ids.add(String(id));
    wanted.set(collection, ids);
};

/** The entry's record as the entry itself tells it: whole when created or deleted, the changed fields otherwise. */
export const ownValues = (entry: Pick<AuditEntry, 'before' | 'after'>): Values => ({
    ...(entry.before ?? {}),
    ...(entry.after ?? {}),
});

/** What a record's name needs from other collections: a class's or a group's course, a pay period's teacher. */
const namesNeeded = (wanted: Wanted, collection: string, record: Values) => {
    if ((collection === 'events' || collection === 'schedules') && !record.title)
        want(wanted, 'courses', record.courseId);
    if (collection === 'payPeriods') want(wanted, 'users', record.teacherId);
};

/** Everything a page of entries names: each entry's record and subjects, and what its fields refer to. */
const wantedBy = (entries: readonly AuditEntry[]): { wanted: Wanted; statuses: boolean } => {
    const wanted: Wanted = new Map();
    let statuses = false;
    for (const entry of entries) {
        if (!isStudioCollection(entry.collection)) continue;
        if (isNamed(entry.collection)) want(wanted, entry.collection, entry.recordId);
        if (entry.collection === 'statuses') statuses = true;
        want(wanted, 'customers', entry.customerId);
        want(wanted, 'passes', entry.passId);
        want(wanted, 'events', entry.eventId);
        namesNeeded(wanted, entry.collection, ownValues(entry));
        for (const change of fieldChanges(entry)) {
            const values = [change.before, change.after].flat();
            const target = referenceOf(entry.collection, change.field);
            if (target) values.forEach(value => want(wanted, target, value));
            if (statusListOf(entry.collection, change.field)) statuses = true;
            // A teacher's rates name the direction or course they are limited to.
            if (entry.collection === 'users' && change.field === 'pay')
                for (const rate of values as (Values | null)[]) {
                    want(wanted, 'directions', rate?.directionId);
                    want(wanted, 'courses', rate?.courseId);
                }
        }
    }
    return { wanted, statuses };
};

/** The records fetched, by collection and id (as text); the collections the reader may not read. */
export interface NameBook {
    /** False until fetched: names then read as loading, not as gone. */
    ready: boolean;
    records: Map<string, Map<string, Row>>;
    unreadable: Set<string>;
    statuses: Status[];
}

export const loadingNameBook: NameBook = { ready: false, records: new Map(), unreadable: new Set(), statuses: [] };

const fetchRound = async (dataProvider: DataProvider, wanted: Wanted, book: NameBook) => {
    await Promise.all(
        [...wanted].map(async ([collection, ids]) => {
            const known = book.records.get(collection) ?? new Map<string, Row>();
            const missing = [...ids].filter(id => !known.has(id));
            if (missing.length === 0) return;
            const idKind = collections[collection].idKind;
            try {
                const { data } = await dataProvider.getMany<Row>(resourceOf(collection), {
                    ids: missing.map(id => (idKind === 'integer' ? Number(id) : id)),
                });
                data.forEach(record => known.set(String(record.id), record));
                book.records.set(collection, known);
            } catch {
                book.unreadable.add(collection);
            }
        }),
    );
};

/** Fetches the names a page of entries needs: one request per collection, then one per collection names depend on. */
export const fetchNameBook = async (dataProvider: DataProvider, entries: readonly AuditEntry[]): Promise<NameBook> => {
    const book: NameBook = { ready: true, records: new Map(), unreadable: new Set(), statuses: [] };
    const { wanted, statuses } = wantedBy(entries);
    const statusList = statuses
        ? dataProvider
              .getList<Status>('statuses', {
                  filter: {},
                  sort: { field: 'order', order: 'ASC' },
                  pagination: { page: 1, perPage: 1000 },
              })
              .then(
                  ({ data }) => data,
                  () => [],
              )
        : Promise.resolve([]);
    await fetchRound(dataProvider, wanted, book);
    const more: Wanted = new Map();
    for (const [collection, records] of book.records)
        for (const record of records.values()) namesNeeded(more, collection, record);
    await fetchRound(dataProvider, more, book);
    return { ...book, statuses: await statusList };
};

/** The names the entries on screen need, fetched once for all of them and kept in react-admin's query cache. */
export const useNameBook = (entries: readonly AuditEntry[] | undefined): NameBook => {
    const dataProvider = useDataProvider();
    const ids = (entries ?? []).map(entry => entry.id);
    const { data } = useQuery({
        queryKey: ['history', 'names', ids],
        queryFn: () => fetchNameBook(dataProvider, entries ?? []),
        enabled: ids.length > 0,
        staleTime: 60_000,
    });
    return data ?? (ids.length > 0 ? loadingNameBook : { ...loadingNameBook, ready: true });
};

/** What names are worded with: the interface's messages and language, the studio's zone and money. */
export interface Wording {
    translate: (key: string, options?: object) => string;
    locale: string;
    timeZone?: string;
    money: (amount: number) => string;
}

/** A record by its name, with the page that shows it (null: none to open). */
export interface Named {
    text: string;
    path: string | null;
}

const recordOf = (book: NameBook, collection: string, id: unknown): Row | undefined =>
    book.records.get(collection)?.get(String(id));

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** A record's name from its fields, or undefined when they are not enough to name it. */
const nameOf = (book: NameBook, wording: Wording, collection: NamedCollection, record: Values): string | undefined => {
    const { translate, locale, timeZone, money } = wording;
    const courseName = () => text(recordOf(book, 'courses', record.courseId)?.name);
    switch (collection) {
        case 'customers':
            return text(record.firstName) && personName(record as { firstName: string; lastName: string });
        case 'events': {
            const startsAt = text(record.startsAt);
            const title = text(record.title) ?? courseName();
            if (!startsAt) return title;
            return [formatDateTime(startsAt, locale), title].filter(Boolean).join(' · ');
        }
        case 'schedules':
            return text(record.title) ?? courseName();
        case 'payments': {
            if (typeof record.amount !== 'number') return undefined;
            const kind =
                record.kind && record.kind !== 'payment' ? translate(`app.payment_kinds.${record.kind}`) : null;
            const date = formatShortDate(text(record.paidAt) ?? text(record.createdAt), locale, timeZone);
            return [kind, money(record.amount), date].filter(Boolean).join(' · ');
        }
        case 'paymentLinks': {
            const amount = typeof record.amount === 'number' ? money(record.amount) : null;
            const date = formatShortDate(text(record.createdAt), locale, timeZone);
            return [text(record.description), amount, date].filter(Boolean).join(' · ') || undefined;
        }
        case 'payPeriods': {
            const from = text(record.startsOn);
            const to = text(record.endsOn);
            if (!from || !to) return undefined;
            const teacher = text(recordOf(book, 'users', record.teacherId)?.name);
            const period = `${formatShortDate(from, locale)} – ${formatShortDate(to, locale)}`;
            return teacher ? `${teacher}, ${period}` : period;
        }
        default:
            return text(record.name);
    }
};

/** Where a record of the studio is seen: its page, or the customer's card or the class it belongs to. */
const pathOf = (collection: string, id: unknown, record: Values = {}): string | null => {
    const key = encodeURIComponent(String(id));
    if (collection === 'customers' || collection === 'events' || collection === 'schedules')
        return `/${collection}/${key}`;
    if (settingsCollections.has(collection)) return `/settings/${collection}/${key}`;
    if (collection === 'attendances' && record.eventId != null) return `/events/${record.eventId}`;
    if (collection === 'payPeriods' && record.teacherId != null) return `/attendances/${record.teacherId}`;
    if (record.customerId != null) return `/customers/${record.customerId}`;
    return null;
};

/**
 * A record of a collection by its name and page: as fetched, else as `own` values tell it (a record
 * deleted since; the entry that deleted it holds it whole), else as gone or unavailable to the reader.
 */
export const namedRecord = (
    book: NameBook,
    wording: Wording,
    collection: NamedCollection,
    id: unknown,
    own: Values = {},
): Named => {
    const fetched = recordOf(book, collection, id);
    const record = fetched ?? own;
    const name = nameOf(book, wording, collection, record);
    if (name) return { text: name, path: fetched ? pathOf(collection, id, record) : null };
    if (!book.ready) return { text: '…', path: null };
    const gone = book.unreadable.has(collection) ? 'app.history.unavailable' : 'app.history.gone';
    return { text: wording.translate(gone), path: null };
};

/** A status code as its label in the interface's language. */
export const statusText = (book: NameBook, locale: string, list: Status['name'], code: string): string => {
    const status = book.statuses.find(candidate => candidate.name === list && candidate.code === code);
    return status ? statusLabel(status, locale) : code;
};
