import { Router, type Request, type Response } from 'express';
import { collections, isCollectionName } from '../../domain/collections';
import { canAccess, type Action } from '../../domain/permissions';
import type { Clock } from '../../domain/time';
import type { CollectionName } from '../../domain/types';
import { validate } from '../../domain/validation';
import { canSee, present, visibilityFilters } from '../http/access';
import { ApiError, badRequest, conflict, forbidden, handle, invalidFields, notFound } from '../http/errors';
import { jsonServerPage, parseListQuery } from '../http/listQuery';
import { checkWrite, referringRecords } from './integrity';
import { computedFilters, listFields, writeRules } from '../rules';
import type { Site, WriteContext } from '../rules/types';
import type { Filter, Reader, Row, Storage, Transaction } from '../storage/types';
import { userOf, withoutNul } from '../http/requests';

/*
 * The simple-rest routes of every collection: list, get, create, update, delete. Each write is one
 * transaction: validation, references, uniqueness and the collection's own rules (rules/) are checked
 * inside it, so a refused write changes nothing and no other write slips in between check and change.
 */

const collectionOf = (req: Request): CollectionName => {
    const name = req.params.collection;
    if (!isCollectionName(name)) throw notFound(`No such collection: ${name}`);
    return name;
};

const requireAccess = (req: Request, collection: CollectionName, action: Action) => {
    if (!canAccess(userOf(req).role, { resource: collection, action })) {
        throw forbidden(`Your role may not ${action} ${collection}`);
    }
};

/** A plain write the collection's rules never take (405, saying where to go instead), for every role. */
const refuseClosed = (collection: CollectionName, write: 'create' | 'update' | 'delete') => {
    const reason = writeRules[collection]?.refused?.[write];
    if (reason) throw new ApiError(405, reason);
};

const bodyOf = (req: Request): Record<string, unknown> => {
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
        throw badRequest('The request body must be a JSON object');
    return body as Record<string, unknown>;
};

const noQuery = (req: Request) => {
    const [name] = Object.keys(req.query);
    if (name) throw badRequest(`Unknown query parameter "${name}"`, { [name]: 'app.validation.unknown_parameter' });
};

/** `clock` is the server's: each request reads it once, and its rules judge "today" and "now" by that instant. */
export const collectionRoutes = (storage: Storage, clock: Clock, site: Site = {}): Router => {
    const router = Router();

    const findVisible = async (req: Request, reader: Reader, collection: CollectionName): Promise<Row> => {
        const record = (await reader.get(collection, withoutNul('id', req.params.id))) as Row | undefined;
        if (!record) throw notFound(`${collection} ${req.params.id} does not exist`);
        if (!(await canSee(userOf(req), collection, record, reader)))
            throw forbidden('This record is not yours to see');
        return record;
    };

    /** Records with the read-only fields computed for them (a customer's active pass), so that a record reads the same in a list and alone. */
    const withComputedFields = async (
        req: Request,
        collection: CollectionName,
        page: Row[],
        now: Date,
    ): Promise<Row[]> => {
        // Like the computed filters, the computed fields are for roles that may open the list.
        const compute = listFields[collection];
        if (!compute || !canAccess(userOf(req).role, { resource: collection, action: 'list' })) return page;
        const extra = await compute(page, storage, site, now);
        return page.map(record => ({ ...record, ...extra(record) }));
    };

    /** json-server's Link header of a `_page` answer: the first, previous, next and last pages, as it writes them. */
    const pageLinks = (req: Request, { page, limit }: { page: number; limit: number }, total: number): string => {
        const last = Math.max(1, Math.ceil(total / limit));
        const link = (to: number, rel: string) => {
            const params = new URLSearchParams(req.query as Record<string, string>);
            params.set('_page', String(to));
            return `<${req.protocol}://${req.get('host')}${req.baseUrl}${req.path}?${params}>; rel="${rel}"`;
        };
        return [
            link(1, 'first'),
            page > 1 && link(page - 1, 'prev'),
            page < last && link(page + 1, 'next'),
            link(last, 'last'),
        ]
            .filter(Boolean)
            .join(', ');
    };

    const answer = (req: Request, res: Response, collection: CollectionName, record: Row, now: Date, status = 200) =>
        res.status(status).json(present(userOf(req), collection, record, now));

    const contextOf = (req: Request, tx: Transaction, now: Date): WriteContext => ({ tx, user: userOf(req), now });

    router.get(
        '/:collection',
        handle(async (req, res) => {
            const collection = collectionOf(req);
            requireAccess(req, collection, 'read');
            const now = clock();
            // Computed filters tell about other records (debts): only for roles that may open the list.
            const computed = canAccess(userOf(req).role, { resource: collection, action: 'list' })
                ? (computedFilters[collection] ?? {})
                : {};
            const query = parseListQuery(
                collection,
                req.query as Record<string, unknown>,
                userOf(req).role,
                Object.keys(computed),
            );
            const filters: Filter[] = [];
            for (const filter of query.filters) {
                const compute = filter.kind === 'equals' ? computed[filter.field] : undefined;
                if (compute && filter.kind === 'equals') filters.push(...(await compute(filter.values, storage, now)));
                else filters.push(filter);
            }
            filters.push(...(await visibilityFilters(userOf(req), collection, storage)));
            const { records, total } = await storage.list(collection, { ...query, filters });
            const last = records.length ? query.range.start + records.length - 1 : query.range.start;
            res.setHeader('Content-Range', `${collection} ${query.range.start}-${last}/${total}`);
            res.setHeader('X-Total-Count', String(total));
            const paged = jsonServerPage(req.query as Record<string, unknown>);
            if (paged) res.setHeader('Link', pageLinks(req, paged, total));
            res.json(
                await withComputedFields(
                    req,
                    collection,
                    (records as Row[]).map(record => present(userOf(req), collection, record, now)),
                    now,
                ),
            );
        }),
    );

    router.get(
        '/:collection/:id',
        handle(async (req, res) => {
            const collection = collectionOf(req);
            requireAccess(req, collection, 'read');
            noQuery(req);
            const now = clock();
            const record = present(userOf(req), collection, await findVisible(req, storage, collection), now);
            res.json((await withComputedFields(req, collection, [record], now))[0]);
        }),
    );

    router.post(
        '/:collection',
        handle(async (req, res) => {
            const collection = collectionOf(req);
            requireAccess(req, collection, 'create');
            refuseClosed(collection, 'create');
            noQuery(req);
            const info = collections[collection];
            if (info.idKind === 'fixed') throw new ApiError(405, `${collection} has one record: change it with PUT`);
            const rules = writeRules[collection] ?? {};
            const input = validate(rules.createSchema ?? info.schema, bodyOf(req));
            if (!input.ok) throw invalidFields(input.errors);
            const prepared = rules.prepare ? await rules.prepare(input.value as Row) : (input.value as Row);
            const now = clock();
            const record = await storage.transaction(
                async tx => {
                    await checkWrite(tx, collection, prepared);
                    const draft = (await rules.create?.(prepared, contextOf(req, tx, now))) ?? prepared;
                    const stored = await tx.insert(collection, draft as never);
                    await rules.after?.(stored as Row, null, contextOf(req, tx, now));
                    return stored;
                },
                { claimed: rules.createClaims },
            );
            // Read as a list reads it: a place in line answers its position.
            const shown = present(userOf(req), collection, record as Row, now);
            res.status(201).json((await withComputedFields(req, collection, [shown], now))[0]);
        }),
    );

    router.put(
        '/:collection/:id',
        handle(async (req, res) => {
            const collection = collectionOf(req);
            requireAccess(req, collection, 'edit');
            refuseClosed(collection, 'update');
            noQuery(req);
            const body = bodyOf(req);
            const info = collections[collection];
            const rules = writeRules[collection] ?? {};
            const before = await findVisible(req, storage, collection);
            const locked = rules.readOnly?.(before as never);
            if (locked) throw locked;
            // A partial PUT keeps the fields it does not send.
            const input = validate(info.schema, { ...before, ...body });
            if (!input.ok) throw invalidFields(input.errors);
            const prepared = rules.prepare ? await rules.prepare(input.value as Row) : (input.value as Row);
            const now = clock();
            const record = await storage.transaction(async tx => {
                const existing = (await tx.get(collection, before.id)) as Row | undefined;
                if (!existing) throw notFound(`${collection} ${req.params.id} does not exist`);
                const owned = Object.fromEntries(info.serverFields.map(field => [field, existing[field]]));
                const changed: Row = { ...prepared, ...owned, id: existing.id, createdAt: existing.createdAt };
                await checkWrite(tx, collection, changed);
                const draft = (await rules.update?.(changed, existing, contextOf(req, tx, now))) ?? changed;
                const stored = await tx.update(collection, draft as never);
                await rules.after?.(stored as Row, existing, contextOf(req, tx, now));
                return stored;
            });
            answer(req, res, collection, record as Row, now);
        }),
    );

    router.delete(
        '/:collection/:id',
        handle(async (req, res) => {
            const collection = collectionOf(req);
            requireAccess(req, collection, 'delete');
            refuseClosed(collection, 'delete');
            noQuery(req);
            if (collections[collection].idKind === 'fixed')
                throw new ApiError(405, `The ${collection} record cannot be deleted`);
            const now = clock();
            const record = await storage.transaction(async tx => {
                const existing = await findVisible(req, tx, collection);
                const locked = writeRules[collection]?.readOnly?.(existing as never);
                if (locked) throw locked;
                // First what goes with it (a class's bookings): what still refers to it after that refuses.
                await writeRules[collection]?.delete?.(existing, contextOf(req, tx, now));
                const referrers = await referringRecords(tx, collection, existing);
                if (referrers.length) {
                    const names = referrers.map(({ collection: name, count }) => `${count} ${name}`).join(', ');
                    throw conflict(`This record is in use by ${names}; it was not deleted`, undefined, { referrers });
                }
                await tx.remove(collection, existing.id);
                await writeRules[collection]?.after?.(null, existing, contextOf(req, tx, now));
                return existing;
            });
            answer(req, res, collection, record, now);
        }),
    );

    return router;
};
