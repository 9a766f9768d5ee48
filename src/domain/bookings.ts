import type { ChargeablePass } from './attendance';
import type { bookingStatuses } from './schemas';
import { addMinutes } from './closing';
import { coversDirection, isActiveOn, visitsLeft } from './passes';
import { overlaps } from './timetable';
import type { Booking, Config, Identifier, Pass, StudioEvent } from './types';

/*
 * Bookings: a seat held in one class, or a place in its line. The rules here answer whether a class
 * takes a booking now, which pass is expected to pay for it, where someone stands in line and whether a
 * cancel is late; the server applies them inside one transaction. Times are the studio's wall clock
 * (`YYYY-MM-DDTHH:mm`), as events keep them.
 */

type BookingStatus = (typeof bookingStatuses)[number];

/** Holding a seat or a place in line: the statuses that count. */
export const activeBookingStatuses: readonly BookingStatus[] = ['booked', 'waitlisted'];

/**
 * Why a booking is refused, answered in errors.eventId with 409:
 * - full: no seat, and no place in line was asked for;
 * - no_pass: no pass covers the class with a visit left after the customer's other upcoming bookings;
 * - not_open: before the booking window opens (bookingOpensDays before the start);
 * - closed: the class has started, is cancelled or closed, or booking ended (bookingClosesMinutes before it);
 * - already_booked: a seat or a place in line in this class already;
 * - overlap: a seat in another class at an overlapping time (a place in line there is an alternative,
 *   given up once a seat comes);
 * - too_many_waitlists: maxWaitlists places in line already;
 * - no_channel: a place in line for someone nothing can tell when the seat is theirs (no e-mail they
 *   take, no linked Telegram chat).
 */
export const bookingRefusals = [
    'full',
    'no_pass',
    'not_open',
    'closed',
    'already_booked',
    'overlap',
    'too_many_waitlists',
    'no_channel',
] as const;
export type BookingRefusal = (typeof bookingRefusals)[number];

/** The studio's booking settings, with their defaults for a database made before they existed. */
interface BookingSettings {
    /** Days before a class its booking opens. */
    bookingOpensDays: number;
    /** Minutes before its start a class stops taking bookings (0: until it starts). */
    bookingClosesMinutes: number;
    /** Hours before the start inside which a cancel is late (a plan may set its own). */
    lateCancelHours: number;
    /** Places in line one customer may hold at once. */
    maxWaitlists: number;
}

export const bookingSettingsOf = (
    config: Partial<Pick<Config, 'bookingOpensDays' | 'bookingClosesMinutes' | 'lateCancelHours' | 'maxWaitlists'>>,
): BookingSettings => ({
    bookingOpensDays: config.bookingOpensDays ?? 14,
    bookingClosesMinutes: config.bookingClosesMinutes ?? 0,
    lateCancelHours: config.lateCancelHours ?? 12,
    maxWaitlists: config.maxWaitlists ?? 3,
});

type Timed = Pick<StudioEvent, 'startsAt' | 'durationMinutes'>;

/**
 * Why a class takes no booking at `now`, or null. `force` (managers and admins) books outside the
 * window; a class that has started, is cancelled or closed takes none, forced or not.
 */
export const classRefusal = (
    event: Pick<StudioEvent, 'startsAt' | 'status'>,
    now: string,
    settings: Pick<BookingSettings, 'bookingOpensDays' | 'bookingClosesMinutes'>,
    force = false,
): 'closed' | 'not_open' | null => {
    if (event.status !== 'planned' || now >= event.startsAt) return 'closed';
    if (force) return null;
    if (now >= addMinutes(event.startsAt, -settings.bookingClosesMinutes)) return 'closed';
    if (now < addMinutes(event.startsAt, -settings.bookingOpensDays * 24 * 60)) return 'not_open';
    return null;
};

type BookablePass = ChargeablePass & Pick<Pass, 'customerId'>;

/**
 * The pass expected to pay for a booking of a class on `date` of `directionId`: active that day,
 * covering the direction, with a visit left once the customer's other upcoming bookings on it
 * (`promised`, by pass) are counted; the one ending soonest first, as visits are charged.
 */
export const passForBooking = <P extends BookablePass>(
    passes: P[],
    date: string,
    directionId: Identifier,
    promised: ReadonlyMap<Identifier, number>,
): P | undefined =>
    passes
        .filter(pass => {
            if (!isActiveOn(pass, date) || !coversDirection(pass, directionId)) return false;
            const left = visitsLeft(pass);
            return left === null || left - (promised.get(pass.id) ?? 0) > 0;
        })
        .sort((a, b) => a.endsOn.localeCompare(b.endsOn) || a.id - b.id)[0];

/**
 * Visits already promised on each pass: the customer's upcoming seats not yet marked (but for the
 * booking `except`), which another booking cannot take.
 */
export const promisedVisits = (
    bookings: Pick<Booking, 'id' | 'status' | 'passId' | 'attendanceId'>[],
    except?: Identifier,
): Map<Identifier, number> => {
    const promised = new Map<Identifier, number>();
    for (const booking of bookings)
        if (
            booking.id !== except &&
            booking.status === 'booked' &&
            booking.attendanceId === null &&
            booking.passId !== null
        )
            promised.set(booking.passId, (promised.get(booking.passId) ?? 0) + 1);
    return promised;
};

/** Is another class at an overlapping time (cancelled classes take no time). */
export const overlapsAny = (
    event: Timed & { id: Identifier },
    others: (Timed & Pick<StudioEvent, 'id' | 'status'>)[],
): boolean => others.some(other => other.id !== event.id && other.status !== 'cancelled' && overlaps(event, other));

interface Queued {
    id: Identifier;
    status: BookingStatus;
    createdAt: string;
}

/** The order of a class's line: by the time of joining (then the id, for two in one millisecond). */
export const byJoining = (a: Queued, b: Queued) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/** The place in line of each waitlisted booking of one class (1 = next), never stored. */
export const linePositions = (bookings: Queued[]): Map<Identifier, number> =>
    new Map(
        bookings
            .filter(booking => booking.status === 'waitlisted')
            .sort(byJoining)
            .map((booking, index) => [booking.id, index + 1]),
    );

/**
 * Who of a class's bookings holds only a cancelled one, by customer: their last cancel (`late` or not).
 * A roster shows them as cancelled, never as someone still expected.
 */
export const cancelledSeats = (
    bookings: Pick<Booking, 'id' | 'customerId' | 'status' | 'late' | 'cancelledAt'>[],
): Map<Identifier, { id: Identifier; late: boolean }> => {
    const holding = new Set(
        bookings.filter(booking => activeBookingStatuses.includes(booking.status)).map(booking => booking.customerId),
    );
    const cancelled = new Map<Identifier, { id: Identifier; late: boolean }>();
    const inOrder = bookings
        .filter(booking => booking.status === 'cancelled' && !holding.has(booking.customerId))
        .sort((a, b) => (a.cancelledAt ?? '').localeCompare(b.cancelledAt ?? '') || a.id - b.id);
    for (const booking of inOrder) cancelled.set(booking.customerId, { id: booking.id, late: booking.late });
    return cancelled;
};

/**
 * Does a freed seat still go to the first in line at `now`: until lateCancelHours + 1 hour before the
 * start, so that nobody is promoted into a class they could then only cancel late.
 */
export const promotionOpen = (
    event: Pick<StudioEvent, 'startsAt' | 'status'>,
    now: string,
    lateCancelHours: number,
): boolean => event.status === 'planned' && now < addMinutes(event.startsAt, -(lateCancelHours + 1) * 60);

/** The late-cancel window of a booking paid by a pass of `plan`: the plan's own, or the studio's. */
export const lateCancelHoursOf = (
    plan: { lateCancelHours?: number | null } | undefined,
    settings: Pick<BookingSettings, 'lateCancelHours'>,
): number => plan?.lateCancelHours ?? settings.lateCancelHours;

/** Is a cancel at `now` late: inside `lateCancelHours` before the class's start. */
export const isLateCancel = (event: Pick<StudioEvent, 'startsAt'>, now: string, lateCancelHours: number): boolean =>
    now >= addMinutes(event.startsAt, -lateCancelHours * 60);

/** Hours after its notice was delivered in which a seat given from the line is cancelled free, whatever the hour. */
const promotionGraceHours = 2;

/**
 * Is the cancel at `now` (an instant) of a seat given from the line, whose notice was delivered at
 * `noticeSentAt` (null: never), spared from being late: the notice never reached them, or reached them
 * less than two hours ago.
 */
export const promotionSpared = (noticeSentAt: string | null, now: Date): boolean =>
    noticeSentAt === null || now.getTime() - Date.parse(noticeSentAt) < promotionGraceHours * 3_600_000;

/** Seats taken, places in line and seats free of a class, from its active bookings. */
export const seatsOf = (capacity: number, bookings: Pick<Queued, 'status'>[]) => {
    const booked = bookings.filter(booking => booking.status === 'booked').length;
    const waitlisted = bookings.filter(booking => booking.status === 'waitlisted').length;
    return { booked, waitlisted, free: Math.max(0, capacity - booked) };
};

/** A booking as it is to be stored, before the storage gives it an id and a createdAt. */
type BookingDraft = Omit<Booking, 'id' | 'createdAt'>;

/**
 * The seats the members of groups hold in their classes still to come (after `now`, the studio's wall
 * clock) and do not hold yet: one per member and class, booked whatever the capacity, each with the pass
 * expected to pay picked class by class in order, so that a pass's visits go to the nearest classes.
 * What a database made before bookings gains when it is opened (db.json) or migrated (PostgreSQL), and
 * what the demo's groups hold.
 */
export const memberSeats = (
    database: {
        events: Pick<StudioEvent, 'id' | 'scheduleId' | 'startsAt' | 'status' | 'courseId'>[];
        schedules: { id: Identifier; customerIds: Identifier[] }[];
        courses: { id: Identifier; directionId: Identifier }[];
        passes: BookablePass[];
        bookings: Pick<Booking, 'id' | 'eventId' | 'customerId' | 'status' | 'passId' | 'attendanceId'>[];
    },
    now: string,
): BookingDraft[] => {
    const members = new Map(database.schedules.map(schedule => [schedule.id, schedule.customerIds]));
    const directions = new Map(database.courses.map(course => [course.id, course.directionId]));
    const held = new Set(
        database.bookings
            .filter(booking => activeBookingStatuses.includes(booking.status))
            .map(booking => `${booking.eventId}:${booking.customerId}`),
    );
    const bookingsOf = new Map<Identifier, typeof database.bookings>();
    for (const booking of database.bookings)
        bookingsOf.set(booking.customerId, [...(bookingsOf.get(booking.customerId) ?? []), booking]);
    const promised = new Map([...bookingsOf].map(([customerId, own]) => [customerId, promisedVisits(own)] as const));
    const passesOf = new Map<Identifier, BookablePass[]>();
    for (const pass of database.passes) passesOf.set(pass.customerId, [...(passesOf.get(pass.customerId) ?? []), pass]);
    const upcoming = database.events
        .filter(event => event.scheduleId != null && event.status === 'planned' && event.startsAt > now)
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
    const seats: BookingDraft[] = [];
    for (const event of upcoming)
        for (const customerId of members.get(event.scheduleId as Identifier) ?? []) {
            if (held.has(`${event.id}:${customerId}`)) continue;
            const own = promised.get(customerId) ?? new Map<Identifier, number>();
            const pass = passForBooking(
                passesOf.get(customerId) ?? [],
                event.startsAt.slice(0, 10),
                directions.get(event.courseId) ?? -1,
                own,
            );
            if (pass) own.set(pass.id, (own.get(pass.id) ?? 0) + 1);
            promised.set(customerId, own);
            seats.push({
                eventId: event.id,
                customerId,
                status: 'booked',
                source: 'group',
                bookedBy: null,
                passId: pass?.id ?? null,
                late: false,
                promotedAt: null,
                cancelledAt: null,
                attendanceId: null,
            });
        }
    return seats;
};
