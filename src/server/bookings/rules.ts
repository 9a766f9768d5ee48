import { z } from 'zod';
import {
    activeBookingStatuses,
    bookingSettingsOf,
    classRefusal,
    linePositions,
    overlapsAny,
    seatsOf,
} from '../../domain/bookings';
import { bookingSchema } from '../../domain/schemas';
import { localDateTimeAt } from '../../domain/time';
import type { Booking, Identifier, StudioEvent } from '../../domain/types';
import { forbidden, notFound } from '../http/errors';
import { bookingRefused, noPassFacts } from './refusals';
import type { Row, Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';
import type { ListFields, WriteContext, WriteRules } from '../rules/types';
import { holdMakeUp, makeUpFor } from './makeUps';
import { passFor } from './promotion';
import { advanceLead } from '../rules/leads';
import { refuseErased } from '../rules/erased';
import { classFacts, customerChannels, messageRecord, recipientOf } from '../messages';

/*
 * Bookings as staff make them: POST /api/bookings {eventId, customerId, waitlist?, force?} books a seat
 * (or a place in line when the class is full and `waitlist` is asked), inside the write's transaction,
 * so that no seat is given twice: bookSeat is every check against the records as the transaction reads
 * them. Bookings are never edited or deleted (cancelling is operations.ts). And what lists answer beside
 * bookings and classes: a place in line, seats taken.
 */

export const isActive = (booking: Pick<Booking, 'status'>) => activeBookingStatuses.includes(booking.status);

/** May the user book into or cancel in this class: staff anywhere, a teacher in their own classes. */
export const refuseOthersClass = (user: WriteContext['user'], event: Pick<StudioEvent, 'teacherId'>) => {
    if (user.role === 'teacher' && event.teacherId !== user.id)
        throw forbidden('A teacher books and cancels in their own classes only');
};

export const createSchema = bookingSchema.extend({
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
    await refuseErased(tx, customerId);
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

const book = (input: Row, { tx, user, now }: WriteContext) => bookSeat(tx, createSchema.parse(input), user, now);

export const bookingRules: WriteRules<'bookings'> = {
    refused: {
        update: 'A booking is never edited: cancel it with POST /api/bookings/:id/cancel and book again',
        delete: 'A booking is never deleted: cancel it with POST /api/bookings/:id/cancel',
    },
    createSchema,
    create: book,
    createClaims: true,
    after: async (record, before, { tx }) => {
        if (record && !before) await holdMakeUp(tx, record as Booking);
    },
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
