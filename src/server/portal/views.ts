import {
    activeBookingStatuses,
    bookingSettingsOf,
    classRefusal,
    isLateCancel,
    lateCancelHoursOf,
    linePositions,
    seatsOf,
} from '../../domain/bookings';
import { addMinutes } from '../../domain/closing';
import { canFreeze, canUnfreeze } from '../../domain/freezes';
import { isFirstOffence, penaltyRuleOf } from '../../domain/penalties';
import { addDays } from '../../domain/time';
import { makeUpState, type MakeUpState } from '../../domain/makeUps';
import { customerClassName, freezeDaysLeft } from '../../domain/portal';
import { passStateOn, visitsLeft } from '../../domain/passes';
import type * as Api from '../../domain/api/portal';
import type { Booking, Customer, Identifier, Pass, StudioEvent, Subscription } from '../../domain/types';
import type { Reader } from '../storage/types';
import { passBalances } from '../money';
import { feesOwedBy, standing } from '../policy';
import { studioConfig, studioNow } from '../rules/studio';

/*
 * What the portal shows a customer: their card without what is the studio's (notes, source), classes
 * with their seats and the customer's own booking or place, their bookings, passes and the plans sold
 * online. Built from the records the page needs (by ids and indexed fields), never a whole collection.
 */

/** The customer as the portal shows them, with what is due on their passes and in penalty fees. */
export const portalCustomer = async (reader: Reader, customer: Customer): Promise<Api.PortalCustomer> => {
    const passes = await reader.select('passes', { customerId: customer.id, cancelled: false });
    let dueCents = (await feesOwedBy(reader, [customer.id])).get(customer.id) ?? 0;
    for (const [, { balanceDue }] of await passBalances(passes, reader)) dueCents += Math.round(balanceDue * 100);
    return {
        id: customer.id,
        firstName: customer.firstName,
        lastName: customer.lastName,
        phone: customer.phone,
        email: customer.email ?? null,
        locale: customer.locale ?? null,
        notify: customer.notify ?? null,
        telegramLinked: customer.telegramLinked === true,
        status: customer.status,
        guardianId: customer.guardianId ?? null,
        balanceDue: dueCents / 100,
    };
};

/** What a class is to a customer: its name as customers know it (never a group's own), times, teacher and hall. */
const classSummaries = async (reader: Reader, events: StudioEvent[]): Promise<Map<Identifier, Api.ClassSummary>> => {
    const [courses, teachers, halls] = await Promise.all([
        reader.getMany('courses', [...new Set(events.map(event => event.courseId))]),
        reader.getMany('users', [...new Set(events.map(event => event.teacherId))]),
        reader.getMany('studios', [...new Set(events.map(event => event.studioId))]),
    ]);
    const directions = await reader.getMany('directions', [...new Set(courses.map(course => course.directionId))]);
    const byId = <R extends { id: Identifier }>(records: R[]) => new Map(records.map(record => [record.id, record]));
    const [courseOf, directionOf, teacherOf, hallOf] = [byId(courses), byId(directions), byId(teachers), byId(halls)];
    return new Map(
        events.map(event => {
            const course = courseOf.get(event.courseId);
            const direction = course && directionOf.get(course.directionId);
            const teacher = teacherOf.get(event.teacherId);
            const hall = hallOf.get(event.studioId);
            return [
                event.id,
                {
                    startsAt: event.startsAt,
                    endsAt: addMinutes(event.startsAt, event.durationMinutes),
                    durationMinutes: event.durationMinutes,
                    title: customerClassName({ course: course?.name, direction: direction?.name }, event),
                    directionId: direction?.id ?? null,
                    directionName: direction?.name ?? '',
                    teacherId: event.teacherId,
                    teacherName: teacher?.name ?? '',
                    studioId: event.studioId,
                    hallName: hall?.name ?? '',
                },
            ];
        }),
    );
};

/** What the portal shows of these classes (by id): title, times, teacher and hall. */
export const portalClassesOf = async (reader: Reader, eventIds: Identifier[]) =>
    classSummaries(reader, await reader.getMany('events', [...new Set(eventIds)]));

/**
 * The customer's bookings as the portal shows them: with their class, their place in line, from when a
 * cancel is late (by the window of the plan whose pass pays the seat) and whether one now would be.
 */
export const portalBookings = async (reader: Reader, bookings: Booking[], now: Date): Promise<Api.PortalBooking[]> => {
    const [config, local] = await Promise.all([studioConfig(reader), studioNow(reader, now)]);
    const settings = bookingSettingsOf(config);
    const events = await reader.getMany('events', [...new Set(bookings.map(booking => booking.eventId))]);
    const summaries = await classSummaries(reader, events);
    const passes = await reader.getMany(
        'passes',
        bookings.flatMap(booking => (booking.passId === null ? [] : [booking.passId])),
    );
    const plans = await reader.getMany('subscriptions', [...new Set(passes.map(pass => pass.subscriptionId))]);
    const waiting = bookings.filter(booking => booking.status === 'waitlisted');
    const lines = waiting.length
        ? await reader.select('bookings', {
              eventId: [...new Set(waiting.map(booking => booking.eventId))],
              status: 'waitlisted',
          })
        : [];
    const positions = linePositions(lines);
    // Whose late cancel now would be forgiven: theirs the first in 30 days (a reversed penalty does not count).
    const customerIds = [...new Set(bookings.map(booking => booking.customerId))];
    const penalties = customerIds.length ? await reader.select('penalties', { customerId: customerIds }) : [];
    const forgivenFor = new Set(
        customerIds.filter(id =>
            isFirstOffence(
                penalties.filter(penalty => penalty.customerId === id && standing(penalty)),
                now,
            ),
        ),
    );
    return bookings.map(booking => {
        const event = events.find(one => one.id === booking.eventId);
        const pass = passes.find(one => one.id === booking.passId);
        const plan = plans.find(one => one.id === pass?.subscriptionId);
        const hours = lateCancelHoursOf(plan, settings);
        return {
            id: booking.id,
            eventId: booking.eventId,
            customerId: booking.customerId,
            status: booking.status,
            position: booking.status === 'waitlisted' ? (positions.get(booking.id) ?? null) : null,
            late: booking.late,
            lateCancelFrom: event ? addMinutes(event.startsAt, -hours * 60) : null,
            lateNow: booking.status === 'booked' && !!event && isLateCancel(event, local, hours),
            // What a late cancel costs on the plan paying the seat: null, nothing.
            lateCancelCost: penaltyRuleOf(plan, 'late_cancel'),
            // Whether a late cancel now would be forgiven: the customer's first offence in 30 days.
            lateForgiven: forgivenFor.has(booking.customerId),
            // Paid by a make-up credit, which a late cancel loses.
            makeUp: booking.makeUpId != null,
            class: summaries.get(booking.eventId) ?? null,
        };
    });
};

/**
 * The classes customers may book between two days (the studio's dates, both included): planned, open to
 * customers and not started, with their seats, the customer's own booking or place, and why one cannot
 * be booked now (not open yet, or closed for booking).
 */
export const portalClasses = async (reader: Reader, customerId: Identifier, from: string, to: string, now: Date) => {
    const [config, local] = await Promise.all([studioConfig(reader), studioNow(reader, now)]);
    const settings = bookingSettingsOf(config);
    const events = (
        await reader.select('events', [
            { field: 'startsAt', kind: 'gte', value: from },
            { field: 'startsAt', kind: 'lte', value: `${to}T23:59` },
        ])
    )
        .filter(event => event.status === 'planned' && event.bookable !== false && event.startsAt > local)
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
    const ids = events.map(event => event.id);
    const active = ids.length
        ? await reader.select('bookings', { eventId: ids, status: [...activeBookingStatuses] })
        : [];
    const byEvent = new Map<Identifier, Booking[]>();
    for (const booking of active) byEvent.set(booking.eventId, [...(byEvent.get(booking.eventId) ?? []), booking]);
    const own = new Map(
        (
            await portalBookings(
                reader,
                active.filter(booking => booking.customerId === customerId),
                now,
            )
        ).map(booking => [booking.eventId, booking]),
    );
    const summaries = await classSummaries(reader, events);
    const classes: Api.PortalClass[] = events.map(event => {
        const summary = summaries.get(event.id)!;
        const booking = own.get(event.id) ?? null;
        return {
            id: event.id,
            ...summary,
            capacity: event.capacity,
            ...seatsOf(event.capacity, byEvent.get(event.id) ?? []),
            booking,
            lateCancelFrom: booking?.lateCancelFrom ?? addMinutes(event.startsAt, -settings.lateCancelHours * 60),
            refusal: classRefusal(event, local, settings),
        };
    });
    const named = <K extends 'direction' | 'teacher' | 'studio'>(kind: K) => {
        const seen = new Map<Identifier, string>();
        for (const item of classes) {
            const id = item[`${kind}Id` as const];
            const name =
                kind === 'direction' ? item.directionName : kind === 'teacher' ? item.teacherName : item.hallName;
            if (id !== null) seen.set(id, name);
        }
        return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    };
    return { classes, directions: named('direction'), teachers: named('teacher'), halls: named('studio') };
};

/** A customer's passes as the portal shows them on `today`: visits and days left, freezing, what is due. */
export const portalPasses = async (reader: Reader, passes: Pass[], today: string): Promise<Api.PortalPass[]> => {
    const plans = await reader.getMany('subscriptions', [...new Set(passes.map(pass => pass.subscriptionId))]);
    const balances = await passBalances(passes, reader);
    return passes.map(pass => {
        const freezeDays = plans.find(plan => plan.id === pass.subscriptionId)?.freezeDays ?? 0;
        return {
            id: pass.id,
            name: pass.name,
            visitsTotal: pass.visitsTotal,
            visitsUsed: pass.visitsUsed,
            visitsLeft: visitsLeft(pass),
            startsOn: pass.startsOn,
            endsOn: pass.endsOn,
            frozenFrom: pass.frozenFrom ?? null,
            frozenTo: pass.frozenTo ?? null,
            freezeDays,
            freezeDaysLeft: canFreeze(pass, freezeDays, today) ? freezeDaysLeft(pass, freezeDays) : 0,
            state: passStateOn(pass, today),
            canFreeze: canFreeze(pass, freezeDays, today),
            canUnfreeze: canUnfreeze(pass, today),
            balanceDue: balances.get(pass.id)?.balanceDue ?? 0,
        };
    });
};

/** A plan as the portal sells it. */
export const portalPlan = (plan: Subscription, directionNames: Map<Identifier, string>): Api.PortalPlan => ({
    id: plan.id,
    name: plan.name,
    price: plan.price,
    visits: plan.visits,
    validityDays: plan.validityDays,
    trial: plan.trial,
    freezeDays: plan.freezeDays,
    autoRenew: plan.autoRenew,
    directions: plan.directionIds.map(id => directionNames.get(id) ?? '').filter(Boolean),
});

/**
 * The customer's make-up credits given in the last 90 days: the direction they book, by when, and where
 * each stands (src/domain/makeUps.ts); those still to book first.
 */
export const portalMakeUps = async (reader: Reader, customerId: Identifier, today: string) => {
    const since = addDays(today, -90);
    const makeUps = (await reader.select('makeUps', { customerId })).filter(makeUp => makeUp.expiresOn >= since);
    if (!makeUps.length) return [];
    const [bookings, directions, missed] = await Promise.all([
        reader.getMany(
            'bookings',
            makeUps.flatMap(makeUp => (makeUp.usedBookingId === null ? [] : [makeUp.usedBookingId])),
        ),
        reader.getMany('directions', [...new Set(makeUps.map(makeUp => makeUp.directionId))]),
        reader.getMany(
            'events',
            makeUps.map(makeUp => makeUp.eventId),
        ),
    ]);
    const booked = await reader.getMany(
        'events',
        bookings.map(booking => booking.eventId),
    );
    const order: MakeUpState[] = ['open', 'booked', 'used', 'lost', 'expired'];
    return makeUps
        .map((makeUp): Api.OwnMakeUp => {
            const booking = bookings.find(found => found.id === makeUp.usedBookingId);
            const state = makeUpState(makeUp, bookings, today);
            return {
                id: makeUp.id,
                direction: directions.find(direction => direction.id === makeUp.directionId)?.name ?? '',
                expiresOn: makeUp.expiresOn,
                state,
                missedOn: missed.find(event => event.id === makeUp.eventId)?.startsAt.slice(0, 10) ?? null,
                // The class it booked or was used for.
                bookedFor:
                    state === 'open' || state === 'expired'
                        ? null
                        : (booked.find(event => event.id === booking?.eventId)?.startsAt ?? null),
            };
        })
        .sort((a, b) => order.indexOf(a.state) - order.indexOf(b.state) || a.expiresOn.localeCompare(b.expiresOn));
};
