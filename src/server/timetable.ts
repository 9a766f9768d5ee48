import { Router, type Request } from 'express';
import { z } from 'zod';
import { isoDate } from '../domain/fields';
import { buildJournal, fullName, monthBounds, type Journal } from '../domain/journal';
import { passToCharge, visitsLeft } from '../domain/passes';
import { teacherPay, type EventPay } from '../domain/pay';
import { canAccess, canOpenPage } from '../domain/permissions';
import { daysBetween } from '../domain/time';
import { planGeneration, type Skipped } from '../domain/timetable';
import type { Attendance, Customer, Database, Identifier, Pass, StudioEvent, User } from '../domain/types';
import { validate } from '../domain/validation';
import { present, visibleTo } from './access';
import { chargingStatuses } from './attendanceHooks';
import type { AuthenticatedRequest } from './auth';
import { nextId } from './crud';
import { badRequest, forbidden, handle, invalidFields, notFound } from './errors';
import type { AnyRecord } from './hooks';
import { matchesFilter, matchesSearch, parseListQuery, sortRecords } from './listQuery';
import type { Store } from './store';

const userOf = (req: Request) => (req as AuthenticatedRequest).user;

const numericId = (raw: string) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw notFound(`No record ${raw}`);
    return value;
};

/** A period of studio-local dates, both included, at most a year long. */
const periodSchema = z
    .object({ from: isoDate, to: isoDate })
    .refine(period => period.from <= period.to, { message: 'app.validation.ends_before_start', path: ['to'] })
    .refine(period => daysBetween(period.from, period.to) <= 366, { message: 'app.validation.period_too_long', path: ['to'] });

const periodOf = (input: unknown) => {
    const period = validate(periodSchema, input);
    if (!period.ok) throw invalidFields(period.errors);
    return period.value;
};

const inPeriod = (event: StudioEvent, from: string, to: string) => {
    const date = event.startsAt.slice(0, 10);
    return from <= date && date <= to;
};

const customerNames = (db: Database, ids: Set<Identifier>) =>
    new Map(db.customers.filter(customer => ids.has(customer.id)).map(customer => [customer.id, fullName(customer)]));

/** The pass shown beside a name: the one charged, or else the one a charging mark would use. */
const rosterPass = (db: Database, event: StudioEvent, customerId: Identifier, attendance: Attendance | undefined) => {
    let pass: Pass | undefined;
    if (attendance?.passId != null) pass = db.passes.find(candidate => candidate.id === attendance.passId);
    else {
        const directionId = db.courses.find(course => course.id === event.courseId)?.directionId ?? -1;
        pass = passToCharge(db.passes.filter(candidate => candidate.customerId === customerId), event.startsAt.slice(0, 10), directionId);
    }
    return pass ? { id: pass.id, name: pass.name, endsOn: pass.endsOn, visitsLeft: visitsLeft(pass) } : null;
};

/** What the endpoints answer, for the app's data provider. */
export interface GenerationAnswer {
    created: number;
    events: StudioEvent[];
    skipped: Skipped[];
}
export interface RosterPerson {
    customerId: Identifier;
    name: string;
    member: boolean;
    attendance: Attendance | null;
    pass: { id: Identifier; name: string; endsOn: string; visitsLeft: number | null } | null;
}
export interface RosterAnswer {
    event: StudioEvent;
    capacity: number;
    visits: number;
    marked: number;
    people: RosterPerson[];
}
export interface WalkIn {
    id: Identifier;
    name: string;
}
export interface TeacherPayAnswer {
    teacher: { id: Identifier; name: string; pay: User['pay'] };
    from: string;
    to: string;
    visits: number;
    total: number;
    events: (EventPay & { attendees: { customerId: Identifier; name: string; status: string; unpaid: boolean }[] })[];
}
export type JournalAnswer = Journal & { schedule: { id: Identifier; title: string | null; teacherId: Identifier } };

/**
 * Attendances filtered by what their event is: `teacherId`, `courseId`, `date_gte`/`date_lte` (the
 * event's local date). The rest of the query is the collection's own protocol.
 */
const eventFilterKeys = ['teacherId', 'courseId', 'date_gte', 'date_lte'] as const;

const eventFilterOf = (req: Request): Record<string, unknown> | undefined => {
    if (typeof req.query.filter !== 'string') return undefined;
    try {
        const filter: unknown = JSON.parse(req.query.filter);
        if (filter && typeof filter === 'object' && eventFilterKeys.some(key => key in filter)) return filter as Record<string, unknown>;
    } catch {
        // The collection's own parser answers the 400.
    }
    return undefined;
};

export const timetableRoutes = (store: Store): Router => {
    const router = Router();

    const visibleEvent = (req: Request) => {
        const event = store.data.events.find(candidate => candidate.id === numericId(req.params.id));
        if (!event) throw notFound(`events ${req.params.id} does not exist`);
        if (!visibleTo(userOf(req), 'events', store.data)(event as unknown as AnyRecord)) throw forbidden('This class is not yours to see');
        return event;
    };

    router.post(
        '/schedules/:id/generate',
        handle(async (req, res) => {
            if (!canAccess(userOf(req).role, { resource: 'events', action: 'create' })) throw forbidden('Your role may not create classes');
            const { from, to } = periodOf(req.body);
            const db = store.data;
            const schedule = db.schedules.find(candidate => candidate.id === numericId(req.params.id));
            if (!schedule) throw notFound(`schedules ${req.params.id} does not exist`);
            const plan = planGeneration(schedule, db.events, from, to);
            const now = new Date().toISOString();
            const created = plan.create.map(draft => ({ id: nextId(db, 'events'), ...draft, createdAt: now }));
            db.events.push(...created);
            if (created.length) await store.persist();
            res.json({ created: created.length, events: created, skipped: plan.skipped });
        }),
    );

    router.get(
        '/events/:id/roster',
        handle((req, res) => {
            const event = visibleEvent(req);
            const db = store.data;
            const schedule = db.schedules.find(candidate => candidate.id === event.scheduleId);
            const marks = db.attendances.filter(attendance => attendance.eventId === event.id);
            const members = schedule?.customerIds ?? [];
            const ids = new Set([...members, ...marks.map(mark => mark.customerId)]);
            const names = customerNames(db, ids);
            const charging = chargingStatuses(db);
            const people = [...ids]
                .map(customerId => {
                    const attendance = marks.find(mark => mark.customerId === customerId);
                    return {
                        customerId,
                        name: names.get(customerId) ?? `#${customerId}`,
                        member: members.includes(customerId),
                        attendance: attendance ?? null,
                        pass: rosterPass(db, event, customerId, attendance),
                    };
                })
                .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
            res.json({
                event,
                capacity: event.capacity,
                visits: marks.filter(mark => charging.has(mark.status)).length,
                marked: marks.length,
                people,
            });
        }),
    );

    router.get(
        '/events/:id/walk-ins',
        handle((req, res) => {
            if (!canAccess(userOf(req).role, { resource: 'attendances', action: 'create' })) throw forbidden('Your role may not mark attendance');
            const event = visibleEvent(req);
            const q = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 100) : '';
            if (q.length < 2) {
                res.json([]);
                return;
            }
            // A teacher may add anyone who walks in: names only, a handful, never the whole list.
            const marked = new Set(store.data.attendances.filter(mark => mark.eventId === event.id).map(mark => mark.customerId));
            const found = store.data.customers
                .filter(customer => !marked.has(customer.id) && matchesSearch('customers', customer as unknown as AnyRecord, q))
                .slice(0, 10)
                .map((customer: Customer) => ({ id: customer.id, name: fullName(customer) }));
            res.json(found);
        }),
    );

    router.get(
        '/teachers/:id/pay',
        handle((req, res) => {
            const user = userOf(req);
            const teacherId = numericId(req.params.id);
            if (user.role === 'teacher' && user.id !== teacherId) throw forbidden('A teacher sees their own pay only');
            if (user.role !== 'teacher' && !canAccess(user.role, { resource: 'events', action: 'list' })) throw forbidden();
            const db = store.data;
            const teacher = db.users.find(candidate => candidate.id === teacherId && candidate.role === 'teacher');
            if (!teacher) throw notFound(`No teacher ${req.params.id}`);
            const { from, to } = periodOf(req.query);
            const events = db.events.filter(event => event.teacherId === teacherId && inPeriod(event, from, to));
            const eventIds = new Set(events.map(event => event.id));
            const marks = db.attendances.filter(attendance => eventIds.has(attendance.eventId));
            const names = customerNames(db, new Set(marks.map(mark => mark.customerId)));
            const pay = teacherPay(teacher.pay, events, marks, chargingStatuses(db));
            res.json({
                teacher: { id: teacher.id, name: teacher.name, pay: teacher.pay },
                from,
                to,
                visits: pay.visits,
                total: pay.total,
                events: pay.events.map(row => ({
                    ...row,
                    attendees: marks
                        .filter(mark => mark.eventId === row.event.id)
                        .map(mark => ({ customerId: mark.customerId, name: names.get(mark.customerId) ?? `#${mark.customerId}`, status: mark.status, unpaid: mark.unpaid }))
                        .sort((a, b) => a.name.localeCompare(b.name, 'ru')),
                })),
            });
        }),
    );

    router.get(
        '/reports/attendances/:scheduleId',
        handle((req, res) => {
            if (!canOpenPage(userOf(req).role, 'attendanceReport')) throw forbidden('Your role may not open the attendance journal');
            const month = typeof req.query.month === 'string' ? req.query.month : '';
            if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw badRequest('month must be YYYY-MM', { month: 'app.validation.month' });
            const db = store.data;
            const schedule = db.schedules.find(candidate => candidate.id === numericId(req.params.scheduleId));
            if (!schedule) throw notFound(`schedules ${req.params.scheduleId} does not exist`);
            const [from, to] = monthBounds(month);
            const events = db.events.filter(event => event.scheduleId === schedule.id && inPeriod(event, from, to));
            const eventIds = new Set(events.map(event => event.id));
            const marks = db.attendances.filter(attendance => eventIds.has(attendance.eventId));
            const ids = new Set([...schedule.customerIds, ...marks.map(mark => mark.customerId)]);
            const customers = db.customers.filter(customer => ids.has(customer.id));
            const journal = buildJournal(month, schedule.customerIds, events, marks, customers, chargingStatuses(db));
            res.json({ schedule: { id: schedule.id, title: schedule.title, teacherId: schedule.teacherId }, ...journal });
        }),
    );

    router.get(
        '/attendances',
        // Without an event filter the collection's own route answers.
        (req, _res, next) => next(eventFilterOf(req) ? undefined : 'route'),
        handle((req, res) => {
            const filter = eventFilterOf(req) as Record<string, unknown>;
            const user = userOf(req);
            if (!canAccess(user.role, { resource: 'attendances', action: 'read' })) throw forbidden('Your role may not read attendances');
            const eventFilter = Object.fromEntries(eventFilterKeys.filter(key => key in filter).map(key => [key, filter[key]]));
            const rest = Object.fromEntries(Object.entries(filter).filter(([key]) => !(key in eventFilter)));
            const query = parseListQuery('attendances', { ...req.query, filter: JSON.stringify(rest) } as Record<string, unknown>);
            const eventQuery = parseListQuery('events', {
                filter: JSON.stringify({
                    ...(eventFilter.teacherId !== undefined && { teacherId: eventFilter.teacherId }),
                    ...(eventFilter.courseId !== undefined && { courseId: eventFilter.courseId }),
                    ...(eventFilter.date_gte !== undefined && { startsAt_gte: eventFilter.date_gte }),
                    // A date bound takes the whole day: every start time of that date is before its end.
                    ...(eventFilter.date_lte !== undefined && { startsAt_lte: `${String(eventFilter.date_lte).slice(0, 10)}T23:59` }),
                }),
            });
            const db = store.data;
            const events = new Set(
                db.events.filter(event => eventQuery.filters.every(one => matchesFilter(event as unknown as AnyRecord, one))).map(event => event.id),
            );
            const visible = visibleTo(user, 'attendances', db);
            const found = (db.attendances as unknown as AnyRecord[]).filter(
                record => events.has(record.eventId as Identifier) && visible(record) && query.filters.every(one => matchesFilter(record, one)),
            );
            const page = sortRecords(found, query.sort).slice(query.range.start, query.range.end + 1);
            const last = page.length ? query.range.start + page.length - 1 : query.range.start;
            res.setHeader('Content-Range', `attendances ${query.range.start}-${last}/${found.length}`);
            res.setHeader('X-Total-Count', String(found.length));
            res.json(page.map(record => present(user, 'attendances', record)));
        }),
    );

    return router;
};
