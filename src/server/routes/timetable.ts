import { Router, type Request } from 'express';
import type { JournalAnswer, RosterAnswer, RosterPerson, WalkIn } from '../../domain/api';
import { buildJournal, monthBounds, personName, sortingName } from '../../domain/journal';
import { passToCharge, visitsLeft } from '../../domain/passes';
import { canAccess, canOpenPage } from '../../domain/permissions';
import type { Clock } from '../../domain/time';
import { classTitle } from '../../domain/timetable';
import { activeBookingStatuses, linePositions } from '../../domain/bookings';
import type { Attendance, Booking, Customer, Identifier, Pass, StudioEvent } from '../../domain/types';
import { canSee, present, visibilityFilters } from '../http/access';
import { frozenUntilOn } from './debts';
import { badRequest, forbidden, handle, notFound } from '../http/errors';
import { parseListQuery } from '../http/listQuery';
import { closingOf } from './closing';
import { closedPeriodOf } from '../rules/closedPay';
import { numericId, userOf, withoutNul } from '../http/requests';
import { markingOf } from '../rules/attendances';
import { rosterBookings } from '../bookings';
import { startsWithin, type Reader, type Row, type Storage } from '../storage/types';
import { chargingStatuses, marksOf } from '../rules/studio';
import { passesOpenOn, visitTo } from '../rules/visits';

// One collator for every sort by name: building one per comparison is most of the cost of sorting.
const byName = new Intl.Collator('ru');

const customerNames = async (reader: Reader, ids: Iterable<Identifier>) =>
    new Map((await reader.getMany('customers', [...ids])).map(customer => [customer.id, sortingName(customer)]));

type RosterPass = RosterPerson['pass'];

const shownPass = (pass: Pass | undefined): RosterPass =>
    pass ? { id: pass.id, name: pass.name, endsOn: pass.endsOn, visitsLeft: visitsLeft(pass) } : null;

/** The pass shown beside each name: the one charged, the one a booking expects to pay, or else the one a charging mark would use. */
const rosterPasses = async (
    reader: Reader,
    event: StudioEvent,
    people: Identifier[],
    marks: Attendance[],
    bookings: Booking[],
): Promise<Map<Identifier, RosterPass>> => {
    const { date, directionId } = await visitTo(reader, event);
    // The pass charged for the mark; else the one the booking expects to pay.
    const charged = new Map([
        ...bookings
            .filter(booking => booking.passId != null)
            .map(booking => [booking.customerId, booking.passId as Identifier] as const),
        ...marks.filter(mark => mark.passId != null).map(mark => [mark.customerId, mark.passId as Identifier] as const),
    ]);
    const chargedPasses = new Map((await reader.getMany('passes', [...charged.values()])).map(pass => [pass.id, pass]));
    // A seat a make-up pays shows no pass: its visit is the credit's.
    const byMakeUp = new Set(bookings.filter(booking => booking.makeUpId != null).map(booking => booking.customerId));
    const uncharged = people.filter(customerId => !charged.has(customerId) && !byMakeUp.has(customerId));
    // A pass that ended before the class cannot be charged for it: ask only for the others.
    const candidates = await passesOpenOn(reader, uncharged, date);
    return new Map(
        people.map(customerId => {
            const passId = charged.get(customerId);
            if (passId !== undefined) return [customerId, shownPass(chargedPasses.get(passId))];
            if (byMakeUp.has(customerId)) return [customerId, null];
            const own = candidates.filter(pass => pass.customerId === customerId);
            return [customerId, shownPass(passToCharge(own, date, directionId))];
        }),
    );
};

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

/** The walk-in search: by name, for every role, and a handful of answers. */
const walkInSearchFields = ['firstName', 'lastName'];
const walkInsShown = 10;

/** `clock` is the server's: a roster tells whether its class may be marked and closed at its time. */
export const timetableRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();

    const visibleEvent = async (req: Request) => {
        const event = await storage.get('events', numericId(req.params.id));
        if (!event) throw notFound(`events ${req.params.id} does not exist`);
        if (!(await canSee(userOf(req), 'events', event as unknown as Row, storage)))
            throw forbidden('This class is not yours to see');
        return event;
    };

    router.get(
        '/events/:id/roster',
        handle(async (req, res) => {
            const now = clock();
            const event = await visibleEvent(req);
            const schedule = event.scheduleId == null ? undefined : await storage.get('schedules', event.scheduleId);
            const marks = await marksOf(storage, [event]);
            const members = schedule?.customerIds ?? [];
            const all = await storage.select('bookings', { eventId: event.id });
            const bookings = all.filter(booking => activeBookingStatuses.includes(booking.status));
            const { lateCancelFrom, cancelled } = await rosterBookings(storage, event, all);
            const positions = linePositions(bookings);
            const bookingOf = new Map(bookings.map(booking => [booking.customerId, booking]));
            const ids = [
                ...new Set([
                    ...members,
                    ...marks.map(mark => mark.customerId),
                    ...bookings.map(booking => booking.customerId),
                ]),
            ];
            const names = await customerNames(storage, ids);
            const passes = await rosterPasses(storage, event, ids, marks, bookings);
            const frozenUntil = await frozenUntilOn(
                storage,
                event,
                ids.filter(customerId => !passes.get(customerId)),
            );
            const charging = await chargingStatuses(storage);
            /** The booked first, then the members and those marked, then the line, then the cancelled. */
            const rank = (person: Pick<RosterPerson, 'booking' | 'cancelled'>) =>
                person.booking?.status === 'booked'
                    ? 0
                    : person.booking?.status === 'waitlisted'
                      ? 2
                      : person.cancelled
                        ? 3
                        : 1;
            const people: RosterPerson[] = ids
                .map(customerId => {
                    const booking = bookingOf.get(customerId);
                    return {
                        customerId,
                        name: names.get(customerId) ?? `#${customerId}`,
                        member: members.includes(customerId),
                        attendance: marks.find(mark => mark.customerId === customerId) ?? null,
                        pass: passes.get(customerId) ?? null,
                        frozenUntil: frozenUntil.get(customerId) ?? null,
                        booking: booking
                            ? {
                                  id: booking.id,
                                  status: booking.status as 'booked' | 'waitlisted',
                                  position: positions.get(booking.id) ?? null,
                                  makeUp: booking.makeUpId != null,
                                  lateCancelFrom: lateCancelFrom.get(booking.id) ?? null,
                              }
                            : null,
                        cancelled: booking ? null : (cancelled.get(customerId) ?? null),
                    };
                })
                .sort(
                    (a, b) =>
                        rank(a) - rank(b) ||
                        (a.booking?.position ?? 0) - (b.booking?.position ?? 0) ||
                        byName.compare(a.name, b.name),
                );
            const payClosed = await closedPeriodOf(storage, event);
            const answer: RosterAnswer = {
                event,
                marking: await markingOf(storage, event, userOf(req), now),
                closing: await closingOf(storage, event, userOf(req), now),
                payClosed: payClosed
                    ? { id: payClosed.id, startsOn: payClosed.startsOn, endsOn: payClosed.endsOn }
                    : null,
                capacity: event.capacity,
                booked: bookings.filter(booking => booking.status === 'booked').length,
                waitlisted: positions.size,
                // A cancelled class held no visits: its marks' visits were given back.
                visits: event.status === 'cancelled' ? 0 : marks.filter(mark => charging.has(mark.status)).length,
                marked: marks.length,
                people,
            };
            res.json(answer);
        }),
    );

    router.get(
        '/events/:id/walk-ins',
        handle(async (req, res) => {
            if (!canAccess(userOf(req).role, { resource: 'attendances', action: 'create' }))
                throw forbidden('Your role may not mark attendance');
            const event = await visibleEvent(req);
            const q = typeof req.query.q === 'string' ? withoutNul('q', req.query.q).trim().slice(0, 100) : '';
            if (q.length < 2) {
                res.json([]);
                return;
            }
            // A teacher may add anyone who walks in: found by name only (a phone's digits or an e-mail would
            // tell who owns them), answered with names only, a handful, never the whole list.
            const marked = (await marksOf(storage, [event])).map(mark => mark.customerId);
            const found = await storage.list('customers', {
                filters: [{ field: 'id', kind: 'excludes', values: marked }],
                search: q,
                searchFields: walkInSearchFields,
                sort: { field: 'id', order: 'ASC' },
                range: { start: 0, end: walkInsShown - 1 },
            });
            res.json(
                found.records.map((customer: Customer): WalkIn => ({ id: customer.id, name: personName(customer) })),
            );
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
            const schedule = await storage.get('schedules', numericId(req.params.scheduleId));
            if (!schedule) throw notFound(`schedules ${req.params.scheduleId} does not exist`);
            const [from, to] = monthBounds(month);
            const events = await storage.select('events', [
                { field: 'scheduleId', kind: 'equals', values: [schedule.id] },
                ...startsWithin(from, to),
            ]);
            const marks = await marksOf(storage, events);
            const customers = await storage.getMany('customers', [
                ...new Set([...schedule.customerIds, ...marks.map(mark => mark.customerId)]),
            ]);
            const journal = buildJournal(
                month,
                schedule.customerIds,
                events,
                marks,
                customers,
                await chargingStatuses(storage),
            );
            const answer: JournalAnswer = {
                schedule: {
                    id: schedule.id,
                    title: classTitle((await storage.get('courses', schedule.courseId))?.name, schedule.title) || null,
                    teacherId: schedule.teacherId,
                },
                ...journal,
            };
            res.json(answer);
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
            res.json((page.records as unknown as Row[]).map(record => present(user, 'attendances', record, now)));
        }),
    );

    return router;
};
