import { Router, type Request } from 'express';
import { canAccess, canOpenPage } from '../../domain/permissions';
import type { Clock } from '../../domain/time';
import { canSee, present, visibilityFilters } from '../http/access';
import { badRequest, forbidden, handle, notFound } from '../http/errors';
import { parseListQuery } from '../http/listQuery';
import { numericId, periodOf, userOf, withoutNul } from '../http/requests';
import type { Row, Storage } from '../storage/types';
import { closeEvent, reopenEvent } from './closing';
import { generateForAll, generateForGroup } from './generation';
import { journalOf, rosterOf, walkInsOf } from './roster';

/*
 * The timetable's endpoints: a class's roster and the walk-ins a name finds, a group's month journal,
 * marks listed by what their class is, closing and reopening a class, and generating groups' classes.
 * `clock` is the server's: a roster tells whether its class may be marked and closed at its time.
 */

/**
 * Attendances filtered by what their event is: `teacherId`, `courseId`, `date_gte`/`date_lte` (the
 * event's local date). The rest of the query is the collection's own protocol.
 */
const eventFilterKeys = ['teacherId', 'courseId', 'date_gte', 'date_lte'] as const;

const eventFilterOf = (req: Request): Record<string, unknown> | undefined => {
    if (typeof req.query.filter !== 'string') return undefined;
    try {
        const filter: unknown = JSON.parse(req.query.filter);
        if (filter && typeof filter === 'object' && eventFilterKeys.some(key => key in filter))
            return filter as Record<string, unknown>;
    } catch {
        // The collection's own parser answers the 400.
    }
    return undefined;
};

export const timetableRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();

    const visibleEvent = async (req: Request) => {
        const event = await storage.get('events', numericId(req.params.id));
        if (!event) throw notFound(`events ${req.params.id} does not exist`);
        if (!(await canSee(userOf(req), 'events', event as Row, storage)))
            throw forbidden('This class is not yours to see');
        return event;
    };

    router.get(
        '/events/:id/roster',
        handle(async (req, res) => {
            const now = clock();
            res.json(await rosterOf(storage, await visibleEvent(req), userOf(req), now));
        }),
    );

    router.get(
        '/events/:id/walk-ins',
        handle(async (req, res) => {
            if (!canAccess(userOf(req).role, { resource: 'attendances', action: 'create' }))
                throw forbidden('Your role may not mark attendance');
            const event = await visibleEvent(req);
            const q = typeof req.query.q === 'string' ? withoutNul('q', req.query.q).trim().slice(0, 100) : '';
            res.json(q.length < 2 ? [] : await walkInsOf(storage, event, q));
        }),
    );

    router.get(
        '/reports/attendances/:scheduleId',
        handle(async (req, res) => {
            if (!canOpenPage(userOf(req).role, 'attendanceReport'))
                throw forbidden('Your role may not open the attendance journal');
            const month = typeof req.query.month === 'string' ? req.query.month : '';
            if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
                throw badRequest('month must be YYYY-MM', { month: 'app.validation.month' });
            res.json(await journalOf(storage, numericId(req.params.scheduleId), month));
        }),
    );

    router.get(
        '/attendances',
        // Without an event filter the collection's own route answers.
        (req, _res, next) => next(eventFilterOf(req) ? undefined : 'route'),
        handle(async (req, res) => {
            const filter = eventFilterOf(req) as Record<string, unknown>;
            const user = userOf(req);
            if (!canAccess(user.role, { resource: 'attendances', action: 'read' }))
                throw forbidden('Your role may not read attendances');
            const eventFilter = Object.fromEntries(
                eventFilterKeys.filter(key => key in filter).map(key => [key, withoutNul(key, filter[key])]),
            );
            const rest = Object.fromEntries(Object.entries(filter).filter(([key]) => !(key in eventFilter)));
            const query = parseListQuery(
                'attendances',
                { ...req.query, filter: JSON.stringify(rest) } as Record<string, unknown>,
                user.role,
            );
            const eventQuery = parseListQuery(
                'events',
                {
                    filter: JSON.stringify({
                        ...(eventFilter.teacherId !== undefined && { teacherId: eventFilter.teacherId }),
                        ...(eventFilter.courseId !== undefined && { courseId: eventFilter.courseId }),
                        ...(eventFilter.date_gte !== undefined && { startsAt_gte: eventFilter.date_gte }),
                        // A date bound takes the whole day: every start time of that date is before its end.
                        ...(eventFilter.date_lte !== undefined && {
                            startsAt_lte: `${String(eventFilter.date_lte).slice(0, 10)}T23:59`,
                        }),
                    }),
                },
                user.role,
            );
            const now = clock();
            const events = await storage.select('events', eventQuery.filters);
            // Attendances have no text to search, and a `q` beside event filters has never narrowed this list: it is left out.
            const page = await storage.list('attendances', {
                sort: query.sort,
                range: query.range,
                filters: [
                    ...query.filters,
                    ...(await visibilityFilters(user, 'attendances', storage)),
                    { field: 'eventId', kind: 'equals', values: events.map(event => event.id) },
                ],
            });
            const last = page.records.length ? query.range.start + page.records.length - 1 : query.range.start;
            res.setHeader('Content-Range', `attendances ${query.range.start}-${last}/${page.total}`);
            res.setHeader('X-Total-Count', String(page.total));
            res.json((page.records as Row[]).map(record => present(user, 'attendances', record, now)));
        }),
    );

    router.post(
        '/events/:id/close',
        handle(async (req, res) => {
            const user = userOf(req);
            if (user.role !== 'teacher' && !canAccess(user.role, { resource: 'events', action: 'edit' }))
                throw forbidden('Your role may not close classes');
            const now = clock();
            res.json(await storage.transaction(tx => closeEvent(tx, numericId(req.params.id), user, now)));
        }),
    );

    router.post(
        '/events/:id/reopen',
        handle(async (req, res) => {
            const user = userOf(req);
            if (user.role === 'teacher' || !canAccess(user.role, { resource: 'events', action: 'edit' }))
                throw forbidden('Classes are reopened by managers and admins');
            const now = clock();
            res.json(await storage.transaction(tx => reopenEvent(tx, numericId(req.params.id), user, now)));
        }),
    );

    router.post(
        '/schedules/:id/generate',
        handle(async (req, res) => {
            if (!canAccess(userOf(req).role, { resource: 'events', action: 'create' }))
                throw forbidden('Your role may not create classes');
            const period = periodOf(req.body);
            const now = clock();
            res.json(
                await storage.transaction(tx =>
                    generateForGroup(tx, numericId(req.params.id), period, userOf(req).id, now),
                ),
            );
        }),
    );

    router.post(
        '/schedules/generate',
        handle(async (req, res) => {
            if (!canAccess(userOf(req).role, { resource: 'events', action: 'create' }))
                throw forbidden('Your role may not create classes');
            const period = periodOf(req.body);
            const now = clock();
            // One write for all groups: a studio sees the whole period generated, or nothing if it fails.
            res.json(await storage.transaction(tx => generateForAll(tx, period, userOf(req).id, now)));
        }),
    );

    return router;
};
