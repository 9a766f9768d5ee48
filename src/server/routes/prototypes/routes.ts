import { Router, type Request, type Response } from 'express';
import { prototypeNameProblem, prototypeNamePattern, prototypeRecordProblem } from '../../../domain/prototypes';
import { canAccessPrototype, isStudioCollection } from '../../../domain/roles';
import type { AuthenticatedRequest } from '../../http/auth';
import { ApiError, badRequest, conflict, forbidden, handle, notFound } from '../../http/errors';
import { idKey } from '../../storage/records';
import { cappedPage, pagingWords, sparseMatches, storageReadable } from './pages';
import { checkQuery, foreignKeyOf, passesLikes, runJsonServer, simpleRestWords } from './query';
import type { Row, Storage } from '../../storage/types';

/*
 * A developer's prototype collections (any other top-level array of records in db.json) under
 * /api/<name>, as json-server serves them, with what the product adds around it: sign-in, roles (admins
 * read and write, managers read), writes that are transactions of the storage engine (journaled and
 * audited like every other), ids given by the server, no cascade on delete, and no /db, _delay or
 * method override. POSTing to a name that is no collection yet makes it, with its first record.
 */

const roleOf = (req: Request) => (req as AuthenticatedRequest).user.role;

const requireAccess = (req: Request, action: 'list' | 'show' | 'create' | 'edit' | 'delete') => {
    if (!canAccessPrototype(roleOf(req), action)) throw forbidden(`Your role may not ${action} prototype collections`);
};

/**
 * A record nested too deep or too large is refused (400 naming the limit and the field) before it
 * reaches the storage. A new record is measured with the longest id the server may give it.
 */
const checkLimits = (record: Record<string, unknown>) => {
    const problem = prototypeRecordProblem(record);
    if (problem)
        throw badRequest(problem.message, {
            [problem.field]: problem.limit === 'size' ? 'app.validation.too_large' : 'app.validation.invalid',
        });
};
const longestId = Number.MAX_SAFE_INTEGER;

const bodyOf = (req: Request): Record<string, unknown> => {
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
        throw badRequest('The request body must be a JSON object');
    checkLimits(body as Record<string, unknown>);
    return body as Record<string, unknown>;
};

/** The URL's id as stored: "5" is record 5 of a collection with integer ids. */
const idOf = (raw: string) => idKey(raw);

export const prototypeRoutes = (storage: Storage, reserved: ReadonlySet<string>): Router => {
    const router = Router();

    /** The names served: the prototypes whose names are simple and free (others stay in the file, unserved). */
    const servedNames = async (): Promise<string[]> =>
        (await storage.prototypeNames()).filter(name => !prototypeNameProblem(name, reserved));
    const isServed = async (name: string) =>
        !prototypeNameProblem(name, reserved) && (await storage.prototypeNames()).includes(name);

    /** The records json-server reads for a request: the collection's, and those of the collections it links to. */
    const stateFor = async (
        name: string,
        linked: string[],
        filter?: (row: Row) => boolean,
    ): Promise<Record<string, readonly Row[]>> => {
        const state: Record<string, readonly Row[]> = {};
        const served = await servedNames();
        for (const other of new Set(linked))
            if (served.includes(other)) state[other] = (await storage.prototypeRecords(other)) ?? [];
        const own = (await storage.prototypeRecords(name)) ?? [];
        state[name] = filter ? own.filter(filter) : own;
        return state;
    };

    const list = async (req: Request, res: Response, name: string, extra: Record<string, string> = {}) => {
        const raw = req.query as Record<string, unknown>;
        const simpleRest = simpleRestWords(raw);
        const query = checkQuery({ ...(simpleRest?.query ?? raw), ...extra });
        const { words, window } = cappedPage(query.words, simpleRest?.range !== undefined);
        // A page the storage reads by itself reaches json-server as the matches in place, for it to slice.
        const readable = storageReadable({ ...query, words }, window);
        const page = readable && (await storage.prototypePage(name, readable));
        const state = page
            ? { [name]: sparseMatches(page.records, page.total, window) }
            : await stateFor(name, query.linked, query.likes.length ? passesLikes(query.likes) : undefined);
        const records = (await runJsonServer(req, res, name, state, {
            list: page ? pagingWords(words) : words,
        })) as Row[];
        if (simpleRest) {
            const total = Number(res.getHeader('X-Total-Count') ?? records.length);
            const start = simpleRest.range?.[0] ?? 0;
            res.setHeader('Content-Range', `${name} ${start}-${start + Math.max(records.length - 1, 0)}/${total}`);
            res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count');
        }
        res.json(records);
    };

    /** Answers for every name that is not the studio's: served prototypes, and POST to a new name. */
    const prototypeName = async (req: Request): Promise<string | undefined> => {
        const name = req.params.name;
        if (isStudioCollection(name) || reserved.has(name) || !prototypeNamePattern.test(name)) return undefined;
        return (await isServed(name)) ? name : undefined;
    };

    router.get(
        '/prototypes',
        handle(async (req, res) => {
            requireAccess(req, 'list');
            const names = (await servedNames()).sort();
            res.json(
                await Promise.all(
                    names.map(async name => ({
                        name,
                        count:
                            (await storage.prototypePage(name, { equals: [], sort: [], start: 0, end: 0 }))?.total ??
                            ((await storage.prototypeRecords(name)) ?? []).length,
                    })),
                ),
            );
        }),
    );

    router.get(
        '/:name',
        handle(async (req, res, next) => {
            const name = await prototypeName(req);
            if (!name) return next();
            requireAccess(req, 'list');
            await list(req, res, name);
        }),
    );

    router.get(
        '/:name/:id',
        handle(async (req, res, next) => {
            const name = await prototypeName(req);
            if (!name) return next();
            requireAccess(req, 'show');
            const query = checkQuery(req.query as Record<string, unknown>);
            const other = Object.keys(query.words).find(word => word !== '_embed' && word !== '_expand');
            if (other || query.likes.length)
                throw badRequest(`A single record takes only _embed and _expand ("${other ?? '_like'}")`);
            // Without _embed or _expand, json-server needs only the record.
            const state = query.linked.length
                ? await stateFor(name, query.linked)
                : { [name]: [await storage.getPrototype(name, req.params.id)].filter(row => row !== undefined) };
            const record = await runJsonServer(req, res, name, state, { id: req.params.id, words: query.words });
            if (record === undefined) throw notFound(`${name} ${req.params.id} does not exist`);
            res.json(record);
        }),
    );

    // json-server's nested routes: GET /posts/1/comments lists the comments with postId 1.
    router.get(
        '/:name/:id/:nested',
        handle(async (req, res, next) => {
            const name = await prototypeName(req);
            const nested = req.params.nested;
            if (!name || !(await isServed(nested))) return next();
            requireAccess(req, 'list');
            await list(req, res, nested, { [foreignKeyOf(name)]: req.params.id });
        }),
    );

    const create = async (req: Request, res: Response, name: string, fields: Record<string, unknown>) => {
        if ('id' in fields)
            throw badRequest('Ids are given by the server: send the record without one', {
                id: 'app.validation.invalid',
            });
        checkLimits({ ...fields, id: longestId });
        const record = await storage.transaction(async tx => {
            // A new collection's name is checked again inside the transaction: another request may have made it meanwhile.
            if (!(await tx.prototypeNames()).includes(name)) {
                const problem = prototypeNameProblem(name, reserved);
                if (problem) throw badRequest(problem, { collection: 'app.validation.invalid' });
            }
            return tx.putPrototype(name, fields);
        });
        res.setHeader('Location', `${req.baseUrl}/${name}/${encodeURIComponent(String(record.id))}`);
        res.status(201).json(record);
    };

    router.post(
        '/:name',
        handle(async (req, res, next) => {
            const name = req.params.name;
            if (isStudioCollection(name)) return next();
            requireAccess(req, 'create');
            const exists = await isServed(name);
            if (!exists) {
                const problem = prototypeNameProblem(name, reserved);
                if (problem) throw badRequest(problem, { collection: 'app.validation.invalid' });
            }
            await create(req, res, name, bodyOf(req));
        }),
    );

    // POST /posts/1/comments adds a comment with postId 1.
    router.post(
        '/:name/:id/:nested',
        handle(async (req, res, next) => {
            const name = await prototypeName(req);
            if (!name || !(await isServed(req.params.nested))) return next();
            requireAccess(req, 'create');
            await create(req, res, req.params.nested, { ...bodyOf(req), [foreignKeyOf(name)]: idOf(req.params.id) });
        }),
    );

    const change = (method: 'put' | 'patch') =>
        handle(async (req, res, next) => {
            const name = await prototypeName(req);
            if (!name) return next();
            requireAccess(req, 'edit');
            const body = bodyOf(req);
            const record = await storage.transaction(async tx => {
                const existing = await tx.getPrototype(name, req.params.id);
                if (!existing) throw notFound(`${name} ${req.params.id} does not exist`);
                if ('id' in body && String(body.id) !== String(existing.id))
                    throw badRequest('A record keeps its id', { id: 'app.validation.invalid' });
                // PUT replaces the record, PATCH changes the fields it sends; the id stays.
                const changed =
                    method === 'put' ? { ...body, id: existing.id } : { ...existing, ...body, id: existing.id };
                checkLimits(changed);
                return tx.putPrototype(name, changed);
            });
            res.json(record);
        });
    router.put('/:name/:id', change('put'));
    router.patch('/:name/:id', change('patch'));

    router.delete(
        '/:name/:id',
        handle(async (req, res, next) => {
            const name = await prototypeName(req);
            if (!name) return next();
            requireAccess(req, 'delete');
            const record = await storage.transaction(async tx => {
                const existing = await tx.getPrototype(name, req.params.id);
                if (!existing) throw notFound(`${name} ${req.params.id} does not exist`);
                // json-server deletes the records that point at a deleted one; here nothing is deleted that another record needs.
                const field = foreignKeyOf(name);
                const referrers = (await tx.prototypeReferrers(field, existing.id)).map(found => ({ ...found, field }));
                if (referrers.length) {
                    const names = referrers.map(({ collection, count }) => `${count} ${collection}`).join(', ');
                    throw conflict(`This record is in use by ${names}; it was not deleted`, undefined, { referrers });
                }
                await tx.removePrototype(name, existing.id);
                return existing;
            });
            res.json(record);
        }),
    );

    // Anything else on a prototype (a method json-server has no route for) is refused plainly.
    router.all(
        '/:name',
        handle(async (req, _res, next) => {
            if (!(await prototypeName(req))) return next();
            throw new ApiError(405, `${req.method} is not offered on a collection`);
        }),
    );

    return router;
};
