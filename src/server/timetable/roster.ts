import type { JournalAnswer, RosterAnswer, RosterPerson, WalkIn } from '../../domain/api';
import { buildJournal, monthBounds, personName, sortingName } from '../../domain/journal';
import { passToCharge, visitsLeft } from '../../domain/passes';
import { classTitle } from '../../domain/timetable';
import { activeBookingStatuses, linePositions } from '../../domain/bookings';
import type { Attendance, Booking, Customer, Identifier, Pass, StudioEvent, User } from '../../domain/types';
import { frozenUntilOn } from '../money';
import { notFound } from '../http/errors';
import { closingOf } from './closing';
import { closedPeriodOf } from '../pay';
import { markingOf } from './marks';
import { rosterBookings } from '../bookings';
import { startsWithin, type Reader } from '../storage/types';
import { chargingStatuses, marksOf } from '../rules/studio';
import { passesOpenOn, visitTo } from '../rules/visits';

/*
 * What a class's roster and a group's month journal show: each person with their mark, pass, seat or place
 * in line, and whether the class may be marked and closed now; the walk-ins a name finds.
 */

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

/** The walk-in search: by name, for every role, and a handful of answers. */
const walkInSearchFields = ['firstName', 'lastName'];
const walkInsShown = 10;

/** A class's roster as `user` sees it at `now`: the booked first, then members and the marked, the line, the cancelled. */
export const rosterOf = async (reader: Reader, event: StudioEvent, user: User, now: Date): Promise<RosterAnswer> => {
    const schedule = event.scheduleId == null ? undefined : await reader.get('schedules', event.scheduleId);
    const marks = await marksOf(reader, [event]);
    const members = schedule?.customerIds ?? [];
    const all = await reader.select('bookings', { eventId: event.id });
    const bookings = all.filter(booking => activeBookingStatuses.includes(booking.status));
    const { lateCancelFrom, cancelled } = await rosterBookings(reader, event, all);
    const positions = linePositions(bookings);
    const bookingOf = new Map(bookings.map(booking => [booking.customerId, booking]));
    const ids = [
        ...new Set([...members, ...marks.map(mark => mark.customerId), ...bookings.map(booking => booking.customerId)]),
    ];
    const names = await customerNames(reader, ids);
    const passes = await rosterPasses(reader, event, ids, marks, bookings);
    const frozenUntil = await frozenUntilOn(
        reader,
        event,
        ids.filter(customerId => !passes.get(customerId)),
    );
    const charging = await chargingStatuses(reader);
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
    const payClosed = await closedPeriodOf(reader, event);
    return {
        event,
        marking: await markingOf(reader, event, user, now),
        closing: await closingOf(reader, event, user, now),
        payClosed: payClosed ? { id: payClosed.id, startsOn: payClosed.startsOn, endsOn: payClosed.endsOn } : null,
        capacity: event.capacity,
        booked: bookings.filter(booking => booking.status === 'booked').length,
        waitlisted: positions.size,
        // A cancelled class held no visits: its marks' visits were given back.
        visits: event.status === 'cancelled' ? 0 : marks.filter(mark => charging.has(mark.status)).length,
        marked: marks.length,
        people,
    };
};

/** Whom a name finds to add to a class as a walk-in: not marked yet, a handful, names only. */
export const walkInsOf = async (reader: Reader, event: StudioEvent, q: string): Promise<WalkIn[]> => {
    // A teacher may add anyone who walks in: found by name only (a phone's digits or an e-mail would
    // tell who owns them), answered with names only, a handful, never the whole list.
    const marked = (await marksOf(reader, [event])).map(mark => mark.customerId);
    const found = await reader.list('customers', {
        filters: [{ field: 'id', kind: 'excludes', values: marked }],
        search: q,
        searchFields: walkInSearchFields,
        sort: { field: 'id', order: 'ASC' },
        range: { start: 0, end: walkInsShown - 1 },
    });
    return found.records.map((customer: Customer): WalkIn => ({ id: customer.id, name: personName(customer) }));
};

/** A group's journal of a month: its members' marks class by class. */
export const journalOf = async (reader: Reader, scheduleId: Identifier, month: string): Promise<JournalAnswer> => {
    const schedule = await reader.get('schedules', scheduleId);
    if (!schedule) throw notFound(`schedules ${scheduleId} does not exist`);
    const [from, to] = monthBounds(month);
    const events = await reader.select('events', [
        { field: 'scheduleId', kind: 'equals', values: [schedule.id] },
        ...startsWithin(from, to),
    ]);
    const marks = await marksOf(reader, events);
    const customers = await reader.getMany('customers', [
        ...new Set([...schedule.customerIds, ...marks.map(mark => mark.customerId)]),
    ]);
    const journal = buildJournal(month, schedule.customerIds, events, marks, customers, await chargingStatuses(reader));
    return {
        schedule: {
            id: schedule.id,
            title: classTitle((await reader.get('courses', schedule.courseId))?.name, schedule.title) || null,
            teacherId: schedule.teacherId,
        },
        ...journal,
    };
};
