import { randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { collections, isCollectionName, referrersOf, type Reference } from '../domain/collections';
import { canAccess, type Action } from '../domain/permissions';
import { userCreateSchema } from '../domain/schemas';
import type { CollectionName, Config, Database, StoredUser, Subscription } from '../domain/types';
import { referencedIds, validate, type FieldErrors } from '../domain/validation';
import type { AuthenticatedRequest } from './auth';
import { present, visibleTo } from './access';
import { ApiError, badRequest, conflict, forbidden, handle, invalidFields, notFound } from './errors';
import { matchesFilter, matchesSearch, parseListQuery, sortRecords } from './listQuery';
import { hashPassword } from './passwords';
import { computedFilters, listFields, writeHooks, type AnyRecord } from './hooks';
import type { Store } from './store';


const records = (db: Database, collection: CollectionName) => db[collection] as unknown as AnyRecord[];

const sameId = (a: unknown, b: unknown) => a !== null && a !== undefined && String(a) === String(b);

const collectionOf = (req: Request): CollectionName => {
    const name = req.params.collection;
    if (!isCollectionName(name)) throw notFound(`No such collection: ${name}`);
    return name;
};

const userOf = (req: Request) => (req as AuthenticatedRequest).user;

const requireAccess = (req: Request, collection: CollectionName, action: Action) => {
    if (!canAccess(userOf(req).role, { resource: collection, action })) {
        throw forbidden(`Your role may not ${action} ${collection}`);
    }
};

const bodyOf = (req: Request): Record<string, unknown> => {
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object');
    return body as Record<string, unknown>;
};

const noQuery = (req: Request) => {
    const [name] = Object.keys(req.query);
    if (name) throw badRequest(`Unknown query parameter "${name}"`, { [name]: 'app.validation.unknown_parameter' });
};

/** Every referenced id exists (400 naming the field otherwise); statuses are referred to by code. */
export const checkReferences = (db: Database, collection: CollectionName, record: Record<string, unknown>): FieldErrors => {
    const errors: FieldErrors = {};
    const exists = (reference: Reference, value: unknown) =>
        reference.statusList
            ? db.statuses.some(status => status.name === reference.statusList && status.code === value)
            : records(db, reference.collection).some(target => sameId(target.id, value));
    for (const reference of collections[collection].references) {
        if (!referencedIds(record, reference).every(value => exists(reference, value))) {
            errors[reference.field] = reference.statusList ? 'app.validation.unknown_status' : 'app.validation.reference';
        }
    }
    if ((collection === 'schedules' || collection === 'events') && !errors.teacherId) {
        const teacher = db.users.find(user => user.id === record.teacherId);
        if (teacher && teacher.role !== 'teacher') errors.teacherId = 'app.validation.not_a_teacher';
    }
    return errors;
};

const normalized = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** No other record shares the unique fields (409 naming the field). */
const checkUnique = (db: Database, collection: CollectionName, record: Record<string, unknown>, selfId?: unknown) => {
    for (const fields of collections[collection].unique) {
        const clash = records(db, collection).find(
            other => !sameId(other.id, selfId) && fields.every(field => normalized(other[field]) === normalized(record[field])),
        );
        if (clash) {
            const field = fields[fields.length - 1];
            throw conflict(`Another record of ${collection} already has this ${fields.join(' and ')}`, { [field]: 'app.validation.unique' });
        }
    }
};

const nextIds = new WeakMap<object, Map<CollectionName, number>>();

/** The next integer id: above every id the collection has held since the server started. */
export const nextId = (db: Database, collection: CollectionName): number => {
    const counters = nextIds.get(db) ?? new Map<CollectionName, number>();
    nextIds.set(db, counters);
    const highest = records(db, collection).reduce((max, record) => Math.max(max, Number(record.id) || 0), 0);
    const id = Math.max(highest + 1, counters.get(collection) ?? 0);
    counters.set(collection, id + 1);
    return id;
};

export const randomLinkId = () => randomBytes(16).toString('base64url');

const config = (db: Database): Config => db.configs.find(record => record.id === 'general') as Config;

/**
 * Only one default per status list: a new default takes the mark from the others. Checked now, applied
 * by the answered function once every other check has passed, so a refused write changes nothing.
 */
const keepOneDefault = (db: Database, status: Record<string, unknown>): (() => void) => {
    const others = db.statuses.filter(other => other.name === status.name && !sameId(other.id, status.id));
    if (status.isDefault) return () => others.forEach(other => (other.isDefault = false));
    if (!others.some(other => other.isDefault)) {
        throw badRequest('A status list needs a default status', { isDefault: 'app.validation.one_default' });
    }
    return () => undefined;
};
interface WriteContext {
    db: Database;
    req: Request;
    existing?: AnyRecord;
}

/** What the server adds to a record a client creates: the fields it owns. */
const serverOwned = async (collection: CollectionName, input: Record<string, unknown>, { db, req }: WriteContext) => {
    const user = userOf(req);
    const now = new Date().toISOString();
    switch (collection) {
        case 'users': {
            const { password, ...rest } = input;
            return { ...rest, passwordHash: await hashPassword(password as string) };
        }
        case 'passes':
            return { ...input, visitsUsed: 0 };
        case 'attendances':
            return { ...input, passId: null, charged: false, unpaid: false, markedBy: user.id };
        case 'payments':
            return { ...input, paidAt: input.paidAt ?? now, createdBy: user.id };
        case 'paymentLinks': {
            const plan = db.subscriptions.find(subscription => subscription.id === input.subscriptionId) as Subscription | undefined;
            const ttlHours = config(db).paymentLinkTtlHours;
            return {
                ...input,
                amount: input.amount ?? plan?.price,
                status: 'pending',
                expiresAt: new Date(Date.now() + ttlHours * 3600_000).toISOString(),
                paidAt: null,
                paymentId: null,
                passId: null,
            };
        }
        default:
            return input;
    }
};

/** Rules that span records, checked after the schema and before anything is written. */
const checkRules = (collection: CollectionName, record: Record<string, unknown>, { db, req, existing }: WriteContext): (() => void) => {
    const user = userOf(req);
    if (collection === 'users' && existing && sameId(existing.id, user.id)) {
        if (record.role !== existing.role) throw badRequest('Nobody may change their own role', { role: 'app.validation.own_role' });
        if (record.active === false) throw badRequest('You cannot deactivate yourself', { active: 'app.validation.own_active' });
    }
    if (collection === 'attendances' && user.role === 'teacher') {
        const event = db.events.find(candidate => candidate.id === record.eventId);
        if (event && event.teacherId !== user.id) throw forbidden('Teachers mark attendance on their own events only');
    }
    if (collection === 'statuses') return keepOneDefault(db, record);
    return () => undefined;
};

export const collectionRoutes = (store: Store): Router => {
    const router = Router();

    const find = (collection: CollectionName, id: string): AnyRecord => {
        const record = records(store.data, collection).find(candidate => sameId(candidate.id, id));
        if (!record) throw notFound(`${collection} ${id} does not exist`);
        return record;
    };

    const findVisible = (req: Request, collection: CollectionName): AnyRecord => {
        const record = find(collection, req.params.id);
        if (!visibleTo(userOf(req), collection, store.data)(record)) throw forbidden('This record is not yours to see');
        return record;
    };

    /** Records with the read-only fields computed for them (a customer's active pass), so that a record reads the same in a list and alone. */
    const withComputedFields = (req: Request, collection: CollectionName, page: AnyRecord[]): AnyRecord[] => {
        // Like the computed filters, the computed fields are for roles that may open the list.
        const extra = canAccess(userOf(req).role, { resource: collection, action: 'list' }) ? listFields[collection]?.(page, store.data) : undefined;
        return extra ? page.map(record => ({ ...record, ...extra(record) })) : page;
    };

    const answer = (req: Request, res: Response, collection: CollectionName, record: AnyRecord, status = 200) =>
        res.status(status).json(present(userOf(req), collection, record));

    router.get(
        '/:collection',
        handle((req, res) => {
            const collection = collectionOf(req);
            requireAccess(req, collection, 'read');
            // Computed filters tell about other records (debts): only for roles that may open the list.
            const computed = canAccess(userOf(req).role, { resource: collection, action: 'list' }) ? (computedFilters[collection] ?? {}) : {};
            const query = parseListQuery(collection, req.query as Record<string, unknown>, Object.keys(computed));
            const visible = visibleTo(userOf(req), collection, store.data);
            const tests = query.filters.map(filter =>
                filter.kind === 'equals' && computed[filter.field] ? computed[filter.field](filter.values, store.data) : (record: AnyRecord) => matchesFilter(record, filter),
            );
            const found = records(store.data, collection).filter(
                record =>
                    visible(record) &&
                    tests.every(test => test(record)) &&
                    (!query.search || matchesSearch(collection, record, query.search)),
            );
            const page = sortRecords(found, query.sort).slice(query.range.start, query.range.end + 1);
            const last = page.length ? query.range.start + page.length - 1 : query.range.start;
            res.setHeader('Content-Range', `${collection} ${query.range.start}-${last}/${found.length}`);
            res.setHeader('X-Total-Count', String(found.length));
            res.json(withComputedFields(req, collection, page).map(record => present(userOf(req), collection, record)));
        }),
    );

    router.get(
        '/:collection/:id',
        handle((req, res) => {
            const collection = collectionOf(req);
            requireAccess(req, collection, 'read');
            noQuery(req);
            answer(req, res, collection, withComputedFields(req, collection, [findVisible(req, collection)])[0]);
        }),
    );

    router.post(
        '/:collection',
        handle(async (req, res) => {
            const collection = collectionOf(req);
            requireAccess(req, collection, 'create');
            noQuery(req);
            if (collections[collection].idKind === 'fixed') throw new ApiError(405, `${collection} has one record: change it with PUT`);
            const schema = collection === 'users' ? userCreateSchema : collections[collection].schema;
            const input = validate(schema, bodyOf(req));
            if (!input.ok) throw invalidFields(input.errors);
            const prepared = await serverOwned(collection, input.value as Record<string, unknown>, { db: store.data, req });
            // From here to the write nothing waits, so no other request can slip in between check and change.
            const db = store.data;
            const errors = checkReferences(db, collection, prepared);
            if (Object.keys(errors).length) throw invalidFields(errors);
            checkUnique(db, collection, prepared);
            const applyRules = checkRules(collection, prepared, { db, req });
            const id = collections[collection].idKind === 'random' ? randomLinkId() : nextId(db, collection);
            const created = { id, ...prepared, createdAt: new Date().toISOString() } as AnyRecord;
            const record = writeHooks[collection]?.create?.(created, { db, req }) ?? created;
            applyRules();
            records(db, collection).push(record);
            await store.persist();
            answer(req, res, collection, record, 201);
        }),
    );

    router.put(
        '/:collection/:id',
        handle(async (req, res) => {
            const collection = collectionOf(req);
            requireAccess(req, collection, 'edit');
            noQuery(req);
            const body = bodyOf(req);
            const before = findVisible(req, collection);
            const info = collections[collection];
            // A partial PUT keeps the fields it does not send.
            const input = validate(info.schema, { ...before, ...body });
            if (!input.ok) throw invalidFields(input.errors);
            let passwordHash: string | undefined;
            if (collection === 'users' && typeof input.value.password === 'string') passwordHash = await hashPassword(input.value.password);
            const db = store.data;
            const existing = find(collection, req.params.id);
            const owned = Object.fromEntries(info.serverFields.map(field => [field, existing[field]]));
            const { password: _password, ...fields } = input.value as Record<string, unknown>;
            const changed: AnyRecord = { ...fields, ...owned, id: existing.id, createdAt: existing.createdAt };
            if (collection === 'users') changed.passwordHash = passwordHash ?? (existing as unknown as StoredUser).passwordHash;
            const errors = checkReferences(db, collection, changed);
            if (Object.keys(errors).length) throw invalidFields(errors);
            checkUnique(db, collection, changed, existing.id);
            const applyRules = checkRules(collection, changed, { db, req, existing });
            const record = writeHooks[collection]?.update?.(changed, existing, { db, req }) ?? changed;
            applyRules();
            const list = records(db, collection);
            list[list.indexOf(existing)] = record;
            await store.persist();
            answer(req, res, collection, record);
        }),
    );

    router.delete(
        '/:collection/:id',
        handle(async (req, res) => {
            const collection = collectionOf(req);
            requireAccess(req, collection, 'delete');
            noQuery(req);
            if (collections[collection].idKind === 'fixed') throw new ApiError(405, `The ${collection} record cannot be deleted`);
            const record = findVisible(req, collection);
            const db = store.data;
            const referrers = referringRecords(db, collection, record);
            if (referrers.length) {
                const names = referrers.map(({ collection: name, count }) => `${count} ${name}`).join(', ');
                throw conflict(`This record is in use by ${names}; it was not deleted`, undefined, { referrers });
            }
            if (collection === 'statuses' && record.isDefault) {
                throw conflict('The default status cannot be deleted: make another status the default first', { isDefault: 'app.validation.one_default' });
            }
            if (collection === 'users' && sameId(record.id, userOf(req).id)) throw badRequest('You cannot delete yourself');
            writeHooks[collection]?.delete?.(record, { db, req });
            const list = records(db, collection);
            list.splice(list.indexOf(record), 1);
            await store.persist();
            answer(req, res, collection, record);
        }),
    );

    return router;
};

/** Which collections refer to a record, and how many of their records do. */
export const referringRecords = (db: Database, collection: CollectionName, record: AnyRecord) =>
    referrersOf(collection)
        .map(({ collection: name, reference }) => ({
            collection: name,
            field: reference.field,
            count: records(db, name).filter(
                other =>
                    (!reference.statusList || (record.name === reference.statusList)) &&
                    referencedIds(other, reference).some(value => (reference.statusList ? value === record.code : sameId(value, record.id))),
            ).length,
        }))
        .filter(({ count }) => count > 0);
