import { randomBytes, timingSafeEqual } from 'node:crypto';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { Router } from 'express';
import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import type { Identifier, StoredCustomer } from '../../domain/types';
import { handle, notFound } from '../http/errors';
import { portalBookings } from './views';
import { studioConfig } from '../rules/studio';
import type { Reader, Storage, Transaction } from '../storage/types';

/*
 * A customer's booked classes as an iCalendar feed (RFC 5545) their phone's calendar subscribes to:
 * GET /api/portal/calendar/<token>.ics, without sign-in, by a token that only the customer (in the
 * portal) knows and can renew. One event per booking of the customer and of their children (named with
 * the child), its UID kept when the class moves, in the studio's time zone; a cancelled booking stays in
 * the feed as cancelled, with a higher sequence, so that the calendar drops it.
 */

/** How far back the feed reaches: last month's classes stay in the calendar, older ones are left. */
const feedDays = 31;

/** `<customer id>-<secret>`: the customer's feed token, kept on them as it is (the feed is read-only). */
export const newCalendarToken = (customerId: Identifier) => `${customerId}-${randomBytes(18).toString('base64url')}`;

/** The customer's feed token, made on first use. */
export const calendarTokenOf = async (tx: Transaction, customerId: Identifier): Promise<string | undefined> => {
    const customer = (await tx.get('customers', customerId)) as StoredCustomer | undefined;
    if (!customer) return undefined;
    if (customer.calendarToken) return customer.calendarToken;
    const calendarToken = newCalendarToken(customerId);
    await tx.update('customers', { ...customer, calendarToken } as StoredCustomer);
    return calendarToken;
};

/**
 * A studio wall-clock time (YYYY-MM-DDTHH:mm) as ical-generator writes a time with a TZID: it reads a
 * Date's local fields, so the Date is made with the wall clock's numbers as local fields.
 */
const wallClock = (local: string): Date => {
    const [year, month, day, hour, minute] = local.split(/[-T:]/).map(Number);
    return new Date(year, month - 1, day, hour, minute);
};

export const calendarAddress = (origin: string, token: string) => `${origin}/api/portal/calendar/${token}.ics`;

const customerOfToken = async (reader: Reader, token: string) => {
    const match = /^(\d{1,12})-[\w-]{16,64}$/.exec(token);
    const customer = match
        ? ((await reader.get('customers', Number(match[1]))) as StoredCustomer | undefined)
        : undefined;
    const given = Buffer.from(token);
    const kept = Buffer.from(customer?.calendarToken ?? '');
    if (!customer || given.length !== kept.length || !timingSafeEqual(given, kept)) throw notFound('No such calendar');
    return customer;
};

export const portalCalendarRoutes = (storage: Storage, clock: () => Date): Router => {
    const router = Router();
    router.get(
        '/portal/calendar/:token.ics',
        handle(async (req, res) => {
            const customer = await customerOfToken(storage, String(req.params.token));
            const config = await studioConfig(storage);
            const now = clock();
            const since = new Date(now.getTime() - feedDays * 86_400_000).toISOString();
            // A guardian's calendar holds their children's classes too, each named with the child.
            const wards = await storage.select('customers', { guardianId: customer.id });
            const family = new Map([customer, ...wards].map(member => [member.id, member]));
            const bookings = (await storage.select('bookings', { customerId: [...family.keys()] })).filter(
                booking => booking.createdAt >= since || booking.status === 'booked' || booking.status === 'waitlisted',
            );
            const shown = (await portalBookings(storage, bookings, now)).filter(
                booking => booking.class && booking.status !== 'waitlisted' && booking.status !== 'expired',
            );
            const calendar = new ICalCalendar({
                name: config.studioName,
                prodId: { company: 'studio', product: 'portal', language: config.defaultLocale.toUpperCase() },
                ttl: 3600,
            });
            calendar.timezone({ name: config.timezone, generator: getVtimezoneComponent });
            for (const booking of shown) {
                const held = booking.class!;
                const named = held.teacherName ? `${held.title} (${held.teacherName})` : held.title;
                const cancelled = booking.status === 'cancelled';
                calendar.createEvent({
                    id: `booking-${booking.id}@${config.studioName.replace(/[^\w.-]+/g, '-').toLowerCase() || 'studio'}`,
                    // A calendar takes a changed event only with a higher sequence (RFC 5545): the cancel is the change.
                    sequence: cancelled ? 1 : 0,
                    start: wallClock(held.startsAt),
                    end: wallClock(held.endsAt),
                    timezone: config.timezone,
                    summary:
                        booking.customerId === customer.id
                            ? named
                            : `${family.get(booking.customerId)?.firstName ?? ''}: ${named}`,
                    location: held.hallName || null,
                    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
                    stamp: now,
                });
            }
            res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
            res.setHeader('Content-Disposition', 'inline; filename="classes.ics"');
            res.send(calendar.toString());
        }),
    );
    return router;
};
