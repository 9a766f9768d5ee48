import { z } from 'zod';
import {
    activeBookingStatuses,
    bookingSettingsOf,
    classRefusal,
    isLateCancel,
    lateCancelHoursOf,
    linePositions,
    overlapsAny,
    promotionOpen,
    promotionSpared,
    seatsOf,
} from '../../domain/bookings';
import { cancelRefusal, type CancelRefusal } from '../../domain/cancelling';
import { bookingSchema } from '../../domain/schemas';
import { localDateTimeAt } from '../../domain/time';
import type { Booking, Identifier, Pass, Schedule, StudioEvent } from '../../domain/types';
import { conflict, forbidden, notFound } from '../http/errors';
import { bookingRefused, noPassFacts } from './bookingRefusals';
import type { Row, Transaction } from '../storage/types';
import { studioConfig, studioNow } from './studio';
import type { ListFields, WriteContext, WriteRules } from './types';
import { penalize } from './penalties';
import { holdMakeUp, loseMakeUp, makeUpFor } from './makeUps';
import { giveUp, passFor, promote, repickPasses } from './promotion';
import { advanceLead } from './statuses';
import { classFacts, customerChannels, messageRecord, queueMessage, recipientOf, withdrawMessages } from '../messages';

/*
 * Bookings as staff make them: POST /api/bookings {eventId, customerId, waitlist?, force?} books a seat
 * (or a place in line when the class is full and `waitlist` is asked), inside the write's transaction,
 * so that no seat is given twice. Cancelling is POST /api/bookings/:id/cancel (routes/bookings.ts);
 * bookings are never edited or deleted.
 */

const isActive = (booking: Pick<Booking, 'status'>) => activeBookingStatuses.includes(booking.status);

/** May the user book into or cancel in this class: staff anywhere, a teacher in their own classes. */
const refuseOthersClass = (user: WriteContext['user'], event: Pick<StudioEvent, 'teacherId'>) => {
    if (user.role === 'teacher' && event.teacherId !== user.id)
        throw forbidden('A teacher books and cancels in their own classes only');
};

const createSchema = bookingSchema.extend({
    waitlist: z.boolean().optional(),
    force: z.boolean().optional(),
});

/**
 * The booking to store for a request, or the refusal: every check against the records as this
 * transaction reads them. `user` is the staff member booking, or null for the customer in the portal
 * (who books only classes open to customers, never forced, and is always told).
 */
export const bookSeat = async (
    tx: Transaction,
    input: z.infer<typeof createSchema>,
    user: WriteContext['user'] | null,
    now: Date,
): Promise<Omit<Booking, 'id' | 'createdAt'>> => {
    const { eventId, customerId, waitlist } = input;
    const force = user !== null && input.force === true;
    if (force && user.role === 'teacher') throw forbidden('Only managers and admins may force a booking');
    // Others booking this customer wait until this write ends: their seats, places and promised visits are counted here.
    await tx.claim('customers', [customerId]);
    const found = await tx.get('events', eventId);
    if (!found) throw notFound(`events ${eventId} does not exist`);
    if (user) refuseOthersClass(user, found);
    else if (found.bookable === false) throw bookingRefused('closed');

    const [config, own] = await Promise.all([studioConfig(tx), tx.select('bookings', { customerId })]);
    const settings = bookingSettingsOf(config);
    const local = localDateTimeAt(now, config.timezone);
    const active = own.filter(isActive);
    if (active.some(booking => booking.eventId === eventId)) throw bookingRefused('already_booked');
    const refusal = classRefusal(found, local, settings, force);
    if (refusal) throw bookingRefused(refusal);
    // A seat at an overlapping time refuses a seat here; a place in line is an alternative, given up on promotion.
    const others = await tx.getMany(
        'events',
        active.filter(booking => booking.status === 'booked').map(booking => booking.eventId),
    );
    if (overlapsAny(found, others)) throw bookingRefused('overlap');

    // A make-up credit of the class's direction pays a seat first (it expires sooner than a pass).
    const makeUp = await makeUpFor(tx, found, customerId);
    const pass = await passFor(tx, found, customerId);
    if (!pass && !makeUp && !force)
        throw bookingRefused('no_pass', { noPass: await noPassFacts(tx, found, customerId) });
    // What the customer is told, read before the class is claimed: their choices and the class's name.
    const [customer, facts] = await Promise.all([tx.get('customers', customerId), classFacts(tx, found)]);
    // A child's messages go to their parent: the parent must be reachable for a place in line.
    const recipient = customer && (await recipientOf(tx, customer));

    // Last, and for as short as can be: others booking this class wait from here, then count this seat.
    await tx.claim('events', [eventId]);
    // Read again once claimed: cancelled or changed meanwhile, it is judged as it is now.
    const event = (await tx.get('events', eventId)) ?? found;
    const closed = classRefusal(event, local, settings, force);
    if (closed) throw bookingRefused(closed);
    const taken = await tx.count('bookings', { eventId, status: 'booked' });
    let status: Booking['status'] = 'booked';
    if (taken >= event.capacity && !force) {
        if (!waitlist) throw bookingRefused('full', { seats: { booked: taken, capacity: event.capacity } });
        if (active.filter(booking => booking.status === 'waitlisted').length >= settings.maxWaitlists)
            throw bookingRefused('too_many_waitlists');
        status = 'waitlisted';
        // A place in line waits for a pass: a credit pays only a seat booked now.
        if (!pass && !force) throw bookingRefused('no_pass', { noPass: await noPassFacts(tx, found, customerId) });
        // A place in line is only worth holding if they hear when the seat is theirs.
        if (recipient && 'skipped' in customerChannels(recipient, 'promoted')) throw bookingRefused('no_channel');
    }
    // Told of the seat, or of their place in line, in this same write (unless the studio turned these
    // notices off): the key names the customer's n-th booking of this class.
    if (customer && recipient && (user === null || config.staffBookingNotices !== false)) {
        const position = status === 'waitlisted' ? (await tx.count('bookings', { eventId, status })) + 1 : null;
        await tx.insert(
            'messages',
            messageRecord(
                recipient,
                config,
                {
                    kind: 'booked',
                    dedupeKey: `booked:${eventId}:${customerId}:${own.filter(held => held.eventId === eventId).length + 1}`,
                    facts: { ...facts, position },
                    usefulUntil: event.startsAt,
                    now,
                },
                customer,
            ),
        );
    }
    const paidByMakeUp = status === 'booked' && makeUp !== undefined;
    await advanceLead(tx, customerId, paidByMakeUp ? null : pass?.subscriptionId);
    return {
        eventId,
        customerId,
        status,
        source: user ? 'staff' : 'portal',
        bookedBy: user?.id ?? null,
        passId: paidByMakeUp ? null : (pass?.id ?? null),
        ...(paidByMakeUp ? { makeUpId: makeUp.id } : {}),
        late: false,
        promotedAt: null,
        cancelledAt: null,
        attendanceId: null,
    };
};

/** Stores a booking bookSeat answered: a make-up credit paying it is held by it from now on. */
export const insertBooking = async (tx: Transaction, booking: Omit<Booking, 'id' | 'createdAt'>): Promise<Booking> => {
    const stored = (await tx.insert('bookings', booking as never)) as Booking;
    await holdMakeUp(tx, stored);
    return stored;
};

const book = async (input: Row, { tx, user, now }: WriteContext): Promise<Row> =>
    (await bookSeat(tx, createSchema.parse(input), user, now)) as unknown as Row;

export const bookingRules: WriteRules = {
    refused: {
        update: 'A booking is never edited: cancel it with POST /api/bookings/:id/cancel and book again',
        delete: 'A booking is never deleted: cancel it with POST /api/bookings/:id/cancel',
    },
    createSchema,
    create: book,
    createClaims: true,
    after: async (record, before, { tx }) => {
        if (record && !before) await holdMakeUp(tx, record as unknown as Booking);
    },
};

const cancelRefusalMessages: Record<CancelRefusal, string> = {
    started: 'The class has started: its bookings can no longer be cancelled (staff correct a seat by its mark)',
};

/** A refused cancel as the API answers it: 409 with the code in errors.eventId, as a refused booking. */
const cancelRefused = (code: CancelRefusal) => conflict(cancelRefusalMessages[code], { eventId: code });

/**
 * Cancels an active booking at `now`: late when inside the late-cancel window before the class; refused
 * once the class has started. Answers the booking as stored; one cancelled already is answered as it is
 * (a second tap changes nothing).
 */
export const cancelBooking = async (
    tx: Transaction,
    id: Identifier,
    /** Who cancels: staff, or null for the customer on their reminder's cancel page. */
    user: WriteContext['user'] | null,
    now: Date,
): Promise<Booking> => {
    const found = await tx.get('bookings', id);
    if (!found) throw notFound(`bookings ${id} does not exist`);
    // Read again once the class is claimed: another cancel may have ended it meanwhile.
    await tx.claim('events', [found.eventId]);
    const booking = (await tx.get('bookings', id)) ?? found;
    const event = await tx.get('events', booking.eventId);
    if (event && user) refuseOthersClass(user, event);
    if (!isActive(booking)) return booking;
    const local = await studioNow(tx, now);
    // Once the class has started, a seat or a place stays as it is: its mark says what happened.
    const refusal = event && cancelRefusal(event, local);
    if (refusal) throw cancelRefused(refusal);
    const settings = bookingSettingsOf(await studioConfig(tx));
    // The window of the plan whose pass pays the seat, when it has its own.
    const pass = booking.passId === null ? undefined : await tx.get('passes', booking.passId);
    const plan = pass && (await tx.get('subscriptions', pass.subscriptionId));
    const hours = lateCancelHoursOf(plan, settings);
    const late =
        booking.status === 'booked' &&
        !!event &&
        event.status === 'planned' &&
        isLateCancel(event, local, hours) &&
        // A seat from the line is free to give back until two hours after they heard of it.
        !(booking.promotedAt && promotionSpared(await promotionNoticeSent(tx, booking), now));
    const cancelled = await tx.update('bookings', {
        ...booking,
        status: 'cancelled',
        late,
        cancelledAt: now.toISOString(),
    });
    await withdrawMessages(tx, booking.id);
    // A late cancel costs what the plan of the pass paying the seat says (forgiven the first time in 30
    // days); a make-up cancelled late is lost.
    if (late && event) await penalize(tx, cancelled, event, pass, plan, 'late_cancel', now);
    if (late) await loseMakeUp(tx, booking, now);
    if (booking.status !== 'booked') return cancelled;
    // The seat freed goes to the first in line, in this same write; too near the class for that, the
    // whole line hears that it is free, for whoever books it first.
    await promote(tx, [booking.eventId], now);
    if (event && event.status === 'planned' && !promotionOpen(event, local, settings.lateCancelHours))
        for (const waiting of await tx.select('bookings', { eventId: event.id, status: 'waitlisted' }))
            await queueMessage(tx, {
                customerId: waiting.customerId,
                kind: 'seat_free',
                dedupeKey: `seat_free:${booking.id}:${waiting.customerId}`,
                facts: await classFacts(tx, event),
                usefulUntil: event.startsAt,
                now,
            });
    return cancelled;
};

/** When the notice of a seat given from the line reached the customer; null when it never did. */
const promotionNoticeSent = async (tx: Transaction, booking: Booking): Promise<string | null> =>
    (await tx.select('messages', { dedupeKey: `promoted:${booking.id}:${booking.promotedAt}` }))[0]?.sentAt ?? null;

/** Cancels every seat and place in line of a class the studio cancelled: never late, nobody is moved up, everyone is told. */
export const cancelBookingsOf = async (tx: Transaction, eventId: Identifier, now: Date) => {
    const event = await tx.get('events', eventId);
    const facts = event && (await classFacts(tx, event));
    for (const booking of await tx.select('bookings', { eventId })) {
        if (!isActive(booking)) continue;
        await giveUp(tx, booking, now);
        if (facts)
            await queueMessage(tx, {
                customerId: booking.customerId,
                kind: 'class_cancelled',
                dedupeKey: `class_cancelled:${booking.id}`,
                facts,
                usefulUntil: event?.startsAt,
                now,
            });
    }
};

/**
 * Cancels the seats a frozen pass was to pay for inside its freeze (never late), then lets the
 * customer's other seats re-pick their pass and the lines move up.
 */
export const afterFreeze = async (
    tx: Transaction,
    pass: Pick<Pass, 'id' | 'customerId' | 'frozenFrom' | 'frozenTo'>,
    now: Date,
) => {
    const freed: Identifier[] = [];
    if (pass.frozenFrom && pass.frozenTo) {
        const held = (await tx.select('bookings', { passId: pass.id })).filter(
            booking => booking.status === 'booked' && booking.attendanceId === null,
        );
        const events = await tx.getMany(
            'events',
            held.map(booking => booking.eventId),
        );
        for (const booking of held) {
            const date = events.find(event => event.id === booking.eventId)?.startsAt.slice(0, 10);
            if (!date || date < pass.frozenFrom || date > pass.frozenTo) continue;
            await giveUp(tx, booking, now);
            freed.push(booking.eventId);
        }
    }
    await repickPasses(tx, pass.customerId, now, freed);
};

/**
 * Places still in line when their class starts (or once it is cancelled or closed) are expired, at the
 * server's look at `local` (the studio's wall clock). Answers how many.
 */
export const expireLines = async (tx: Transaction, local: string): Promise<number> => {
    const waiting = await tx.select('bookings', { status: 'waitlisted' });
    const events = await tx.getMany('events', [...new Set(waiting.map(booking => booking.eventId))]);
    let expired = 0;
    for (const booking of waiting) {
        const event = events.find(found => found.id === booking.eventId);
        if (event && (event.status !== 'planned' || event.startsAt <= local)) {
            await tx.update('bookings', { ...booking, status: 'expired' });
            expired++;
        }
    }
    return expired;
};

/** A waitlisted booking's place in its class's line, computed over the line of each class on the page. */
export const bookingListFields: ListFields = async (page, reader) => {
    const waiting = page.filter(record => record.status === 'waitlisted');
    if (!waiting.length) return () => ({});
    const lines = await reader.select('bookings', {
        eventId: [...new Set(waiting.map(record => record.eventId as Identifier))],
        status: 'waitlisted',
    });
    const positions = linePositions(lines);
    return record =>
        record.status === 'waitlisted' ? { position: positions.get(record.id as Identifier) ?? null } : {};
};

/** Seats taken, places in line and seats free of each class on the page. */
export const eventListFields: ListFields = async (page, reader) => {
    const active = page.length
        ? await reader.select('bookings', {
              eventId: page.map(record => record.id as Identifier),
              status: [...activeBookingStatuses],
          })
        : [];
    const byEvent = new Map<Identifier, Booking[]>();
    for (const booking of active) byEvent.set(booking.eventId, [...(byEvent.get(booking.eventId) ?? []), booking]);
    return record => seatsOf(record.capacity as number, byEvent.get(record.id as Identifier) ?? []);
};

/**
 * A group's members hold a seat in each of its classes still to come: made when its classes are
 * generated and when someone joins it (a place in line they held becomes their seat). Seats are theirs
 * whatever the capacity; the pass expected to pay is picked as for any booking, none when no pass covers
 * the class yet.
 */
export const bookMembers = async (
    tx: Transaction,
    events: StudioEvent[],
    customerIds: Identifier[],
    bookedBy: Identifier | null,
    now: Date,
) => {
    if (!customerIds.length) return;
    const local = await studioNow(tx, now);
    for (const event of events) {
        if (event.status !== 'planned' || event.startsAt <= local) continue;
        const existing = (await tx.select('bookings', { eventId: event.id })).filter(isActive);
        for (const customerId of customerIds) {
            const held = existing.find(booking => booking.customerId === customerId);
            if (held?.status === 'booked') continue;
            const pass = await passFor(tx, event, customerId, held?.id);
            if (held) {
                await tx.update('bookings', { ...held, status: 'booked', source: 'group', passId: pass?.id ?? null });
                continue;
            }
            const booking: Omit<Booking, 'id' | 'createdAt'> = {
                eventId: event.id,
                customerId,
                status: 'booked',
                source: 'group',
                bookedBy,
                passId: pass?.id ?? null,
                late: false,
                promotedAt: null,
                cancelledAt: null,
                attendanceId: null,
            };
            await tx.insert('bookings', booking as never);
        }
    }
};

/** Leaving a group gives up its seats in the group's classes still to come (never late); the lines move up. */
const unbookMembers = async (tx: Transaction, scheduleId: Identifier, customerIds: Identifier[], now: Date) => {
    if (!customerIds.length) return;
    const local = await studioNow(tx, now);
    const upcoming = (await tx.select('events', { scheduleId })).filter(
        event => event.status === 'planned' && event.startsAt > local,
    );
    const freed: Identifier[] = [];
    for (const event of upcoming)
        for (const booking of await tx.select('bookings', { eventId: event.id }))
            if (booking.source === 'group' && isActive(booking) && customerIds.includes(booking.customerId)) {
                await giveUp(tx, booking, now);
                freed.push(event.id);
            }
    await promote(tx, freed, now);
};

/** Members who joined a group get its classes still to come; those who left give them up. */
export const groupMembershipChanged = async (
    tx: Transaction,
    schedule: Pick<Schedule, 'id' | 'customerIds'>,
    before: Identifier[],
    bookedBy: Identifier,
    now: Date,
) => {
    const joined = schedule.customerIds.filter(id => !before.includes(id));
    const left = before.filter(id => !schedule.customerIds.includes(id));
    await unbookMembers(tx, schedule.id, left, now);
    if (joined.length)
        await bookMembers(tx, await tx.select('events', { scheduleId: schedule.id }), joined, bookedBy, now);
};
