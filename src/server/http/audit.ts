import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { auditEntryFor, type Actor, type RecordChange } from '../../domain/audit';
import type { Clock } from '../../domain/time';
import type { CollectionName, Customer, User } from '../../domain/types';
import type { Id, NewPrototypeRecord, NewRecord, RecordOf, Row, Storage, Transaction } from '../storage/types';

/*
 * The audit trail is written at the storage boundary, so that no route can change a record without
 * leaving its entry: every transaction records, in itself, one entry per record it created, changed or
 * deleted, naming the user and the request it ran for. The request is known through the asynchronous
 * context the API opens for it (`recordRequests`), so routes need not pass it along. The entries, and
 * the records created through it, are stamped (`createdAt`) by the server's clock.
 */

/** The user is filled in once the request is signed in; the public payment page stays without one. */
interface RequestActor {
    endpoint: string;
    user?: Pick<User, 'id' | 'name' | 'role'>;
    /** A customer signed in to the portal. */
    customer?: Pick<Customer, 'id' | 'firstName' | 'lastName'>;
}

const requests = new AsyncLocalStorage<RequestActor>();

/** Opens the request's context: everything the request does from here on knows its endpoint. */
export const recordRequests: RequestHandler = (req, _res, next) => {
    const path = req.originalUrl.split('?')[0];
    requests.run({ endpoint: `${req.method} ${path}` }, next);
};

/**
 * Runs work the server does on its own (closing classes, later sending messages) in a context of its
 * own: its entries name no user and the job as their endpoint (`job close-classes`), so History tells
 * them from the public payment page's.
 */
export const asJob = <T>(name: string, work: () => Promise<T>): Promise<T> =>
    requests.run({ endpoint: `job ${name}` }, work);

/** Names the signed-in user in the request's context, for the entries its changes make. */
export const recordUser = (user: Pick<User, 'id' | 'name' | 'role'>) => {
    const request = requests.getStore();
    if (request) request.user = user;
};

/** Names the customer signed in to the portal: their entries name them (no user, no role; the endpoint is the portal's). */
export const recordCustomer = (customer: Pick<Customer, 'id' | 'firstName' | 'lastName'>) => {
    const request = requests.getStore();
    if (request) request.customer = customer;
};

/** Who the request under way is made by, as its audit entries name them. */
export const currentActor = (): Actor => {
    const request = requests.getStore();
    const user = request?.user;
    const customer = request?.customer;
    return {
        userId: user?.id ?? null,
        userName: user?.name ?? (customer ? `${customer.firstName} ${customer.lastName}` : null),
        byCustomerId: user ? null : (customer?.id ?? null),
        role: user?.role ?? null,
        endpoint: request?.endpoint ?? null,
    };
};

type Values = Record<string, unknown>;

/** A transaction that remembers each record's state before it first touched it, and its last. */
class AuditedTransaction implements Transaction {
    private readonly changes = new Map<string, RecordChange>();

    constructor(
        private readonly tx: Transaction,
        private readonly clock: Clock,
    ) {}

    /** The time a record is created at, by the server's clock, unless the caller gave one. */
    private stamped<R extends object>(record: R): R {
        return 'createdAt' in record && record.createdAt !== undefined
            ? record
            : { ...record, createdAt: this.clock().toISOString() };
    }

    get: Transaction['get'] = (collection, id) => this.tx.get(collection, id);
    getMany: Transaction['getMany'] = (collection, ids) => this.tx.getMany(collection, ids);
    select: Transaction['select'] = (collection, where, options) => this.tx.select(collection, where, options);
    count: Transaction['count'] = (collection, where) => this.tx.count(collection, where);
    list: Transaction['list'] = (collection, query) => this.tx.list(collection, query);
    prototypeNames: Transaction['prototypeNames'] = () => this.tx.prototypeNames();
    prototypeRecords: Transaction['prototypeRecords'] = name => this.tx.prototypeRecords(name);
    getPrototype: Transaction['getPrototype'] = (name, id) => this.tx.getPrototype(name, id);
    prototypePage: Transaction['prototypePage'] = (name, query) => this.tx.prototypePage(name, query);
    prototypeReferrers: Transaction['prototypeReferrers'] = (field, id) => this.tx.prototypeReferrers(field, id);
    claim: Transaction['claim'] = (collection, ids) => this.tx.claim(collection, ids);

    async putPrototype(name: string, record: NewPrototypeRecord): Promise<Row> {
        const before =
            record.id === undefined
                ? null
                : await this.firstState(name, record.id, () => this.tx.getPrototype(name, record.id as Id));
        const stored = await this.tx.putPrototype(name, record);
        this.note(name, stored.id, before, stored);
        return stored;
    }

    async removePrototype(name: string, id: Id): Promise<void> {
        const before = await this.firstState(name, id, () => this.tx.getPrototype(name, id));
        await this.tx.removePrototype(name, id);
        this.note(name, id, before, null);
    }

    async insert<C extends CollectionName>(collection: C, record: NewRecord<C>): Promise<RecordOf<C>> {
        const stored = await this.tx.insert(collection, this.stamped(record));
        this.note(collection, stored.id, null, stored as Values);
        return stored;
    }

    async insertMany<C extends CollectionName>(collection: C, records: NewRecord<C>[]): Promise<RecordOf<C>[]> {
        const stored = await this.tx.insertMany(
            collection,
            records.map(record => this.stamped(record)),
        );
        for (const one of stored) this.note(collection, one.id, null, one as Values);
        return stored;
    }

    async update<C extends CollectionName>(collection: C, record: RecordOf<C>): Promise<RecordOf<C>> {
        const before = await this.firstState(collection, record.id);
        const stored = await this.tx.update(collection, record);
        this.note(collection, record.id, before, stored as Values);
        return stored;
    }

    async remove<C extends CollectionName>(collection: C, id: Id): Promise<void> {
        const before = await this.firstState(collection, id);
        await this.tx.remove(collection, id);
        this.note(collection, id, before, null);
    }

    async removeMany<C extends CollectionName>(collection: C, ids: Id[]): Promise<void> {
        // What each was before, read at once for those this transaction has not touched yet.
        const unseen = ids.filter(id => !this.changes.has(this.key(collection, id)));
        const read = new Map(
            (await this.tx.getMany(collection, unseen)).map(record => [String(record.id), record as Values]),
        );
        const befores = await Promise.all(
            ids.map(id => this.firstState(collection, id, async () => read.get(String(id)))),
        );
        await this.tx.removeMany(collection, ids);
        ids.forEach((id, index) => this.note(collection, id, befores[index], null));
    }

    /** The entries for everything changed, in the order records were first touched. */
    async record(actor: Actor): Promise<void> {
        const entries = [...this.changes.values()].flatMap(change => {
            const entry = auditEntryFor(change, actor);
            return entry ? [this.stamped(entry)] : [];
        });
        if (entries.length) await this.tx.insertMany('auditEntries', entries);
    }

    private key = (collection: string, id: Id) => `${collection} ${String(id)}`;

    /** The record as it was before this transaction touched it. */
    private async firstState(
        collection: string,
        id: Id,
        read: () => Promise<unknown> = () => this.tx.get(collection as CollectionName, id),
    ): Promise<Values | null> {
        const seen = this.changes.get(this.key(collection, id));
        if (seen) return seen.before;
        return ((await read()) as Values | undefined) ?? null;
    }

    private note(collection: string, id: Id, before: Values | null, after: Values | null) {
        const key = this.key(collection, id);
        const seen = this.changes.get(key);
        this.changes.set(key, { collection, before: seen ? seen.before : before, after });
    }
}

/**
 * The storage with every transaction writing its audit entries alongside its changes, records and
 * entries stamped by the server's clock.
 */
export const auditedStorage = (storage: Storage, clock: Clock): Storage => ({
    get: (collection, id) => storage.get(collection, id),
    getMany: (collection, ids) => storage.getMany(collection, ids),
    select: (collection, where, options) => storage.select(collection, where, options),
    count: (collection, where) => storage.count(collection, where),
    list: (collection, query) => storage.list(collection, query),
    prototypeNames: () => storage.prototypeNames(),
    prototypeRecords: name => storage.prototypeRecords(name),
    getPrototype: (name, id) => storage.getPrototype(name, id),
    prototypePage: (name, query) => storage.prototypePage(name, query),
    prototypeReferrers: (field, id) => storage.prototypeReferrers(field, id),
    reports: storage.reports,
    signIns: storage.signIns,
    close: () => storage.close(),
    health: () => storage.health(),
    takeDueMessages: (now, until, limit, kinds) => storage.takeDueMessages(now, until, limit, kinds),
    renewMessages: (ids, heldUntil, until) => storage.renewMessages(ids, heldUntil, until),
    takeJob: (name, now, until) => storage.takeJob(name, now, until),
    renewJob: (job, until) => storage.renewJob(job, until),
    finishJob: (job, done) => storage.finishJob(job, done),
    holdLock: (name, onLost) => storage.holdLock(name, onLost),
    forgetting: work => storage.forgetting(work),
    transaction: (work, options) => {
        // Taken now, in the request's context: the engine may run the work later, after other transactions.
        const actor = currentActor();
        return storage.transaction(async tx => {
            const audited = new AuditedTransaction(tx, clock);
            const result = await work(audited);
            await audited.record(actor);
            return result;
        }, options);
    },
});
