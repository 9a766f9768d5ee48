import { bookingSettingsOf, memberSeats } from './bookings';
import { payRate, type PayRate } from './pay';
import { localDateTimeAt } from './time';
import type { Booking, Course, Pass, Schedule, StudioEvent } from './types';
import { countryOfCurrency, upgradedPhone } from './phones';
import { consentsFromConsentAt } from './consents';

/*
 * Records written by an earlier version of the product, brought to the current shape when a database
 * is opened or imported, so that every rule reads one shape:
 * - a user's pay was one rule, { kind, amount }; it is now a list of dated rates, and the old rule is
 *   the first of them, from the beginning, so every past class pays as it did;
 * - the settings had no country: it is the one of the studio's currency (src/domain/phones.ts);
 * - phones were stored as typed (8 952 632 70 15, +7 952 632-70-15); they are E.164 now, read in the
 *   studio's country, and a number that is not valid there stays as typed. PostgreSQL databases are
 *   brought alike by their migration 010;
 * - a payment link sold a plan, and only that: a link without a purpose is a `sale` (and pays no penalty);
 * - there were no bookings: settings without the booking settings get their defaults, and the members
 *   of each group a seat in its classes still to come (memberSeats in src/domain/bookings.ts), as
 *   PostgreSQL databases get by their migration 013;
 * - every class and group could be booked by customers (bookable), and a plan had no late-cancel window
 *   of its own (lateCancelHours null: the studio's), as PostgreSQL's migration 014 says;
 * - customers took every message in the studio's language (locale and notify null), as migration 015 says;
 *   none had linked a Telegram chat (telegramLinked false), no message was about a booking (bookingId
 *   null), and the studio kept quiet at night and sent reminders and staff's booking notices, as
 *   migration 016 says;
 * - a customer's consent was their consentAt: each becomes a personal data consent record, as migration
 *   029 says.
 */

const isLegacyPay = (pay: unknown): pay is Pick<PayRate, 'kind' | 'amount'> =>
    pay !== null && typeof pay === 'object' && !Array.isArray(pay);

type Loose = Record<string, unknown>;

/** The settings' country, given to settings that have none; answers the country. */
const settleCountry = (values: Loose, counted: () => void): string => {
    const config = Array.isArray(values.configs) ? (values.configs[0] as Loose | undefined) : undefined;
    if (!config || typeof config !== 'object') return countryOfCurrency('');
    if (typeof config.country === 'string') return config.country;
    counted();
    config.country = countryOfCurrency(typeof config.currency === 'string' ? config.currency : '');
    return config.country as string;
};

/** The phones of a collection's records in E.164 where they can be. */
const upgradePhones = (values: Loose, collection: 'users' | 'customers', country: string, counted: () => void) => {
    const records = values[collection];
    if (!Array.isArray(records)) return;
    values[collection] = records.map((record: Loose) => {
        if (!record || typeof record.phone !== 'string') return record;
        const phone = upgradedPhone(record.phone, country);
        if (phone === record.phone) return record;
        counted();
        return { ...record, phone };
    });
};

/** A field the records of a collection were made without, given the value that means what they meant. */
const withDefault = (values: Loose, collection: string, field: string, value: unknown, counted: () => void) => {
    const records = values[collection];
    if (!Array.isArray(records)) return;
    values[collection] = records.map((record: Loose) => {
        if (!record || typeof record !== 'object' || record[field] !== undefined) return record;
        counted();
        return { ...record, [field]: value };
    });
};

/** Settings made before bookings: the booking settings' defaults, and the groups' members their seats from `now` on. */
const settleBookings = (values: Loose, now: Date, counted: () => void) => {
    const config = Array.isArray(values.configs) ? (values.configs[0] as Loose | undefined) : undefined;
    if (!config || typeof config !== 'object' || config.bookingOpensDays !== undefined) return;
    Object.assign(config, bookingSettingsOf(config));
    counted();
    const list = <T>(name: string) => (Array.isArray(values[name]) ? (values[name] as T[]) : []);
    const bookings = list<Booking>('bookings');
    const timezone = typeof config.timezone === 'string' ? config.timezone : 'UTC';
    const seats = memberSeats(
        {
            events: list<StudioEvent>('events'),
            schedules: list<Schedule>('schedules'),
            courses: list<Course>('courses'),
            passes: list<Pass>('passes'),
            bookings,
        },
        localDateTimeAt(now, timezone),
    );
    let id = bookings.reduce((max, booking) => Math.max(max, booking.id), 0);
    const createdAt = now.toISOString();
    values.bookings = [...bookings, ...seats.map(seat => ({ id: ++id, ...seat, createdAt }))];
    seats.forEach(counted);
};

/** Upgrades the records of a database's collections in place (`now`: when, for what is still to come); answers how many it changed. */
export const upgradeDatabase = (values: Record<string, unknown>, now: Date = new Date()): number => {
    let upgraded = 0;
    const counted = () => upgraded++;
    if (Array.isArray(values.users)) {
        values.users = values.users.map((user: Loose) => {
            if (!user || !isLegacyPay(user.pay)) return user;
            counted();
            return { ...user, pay: [payRate({ kind: user.pay.kind, amount: user.pay.amount })] };
        });
    }
    const country = settleCountry(values, counted);
    upgradePhones(values, 'users', country, counted);
    upgradePhones(values, 'customers', country, counted);
    withDefault(values, 'paymentLinks', 'purpose', 'sale', counted);
    withDefault(values, 'paymentLinks', 'penaltyId', null, counted);
    settleBookings(values, now, counted);
    withDefault(values, 'schedules', 'bookable', true, counted);
    withDefault(values, 'events', 'bookable', true, counted);
    withDefault(values, 'subscriptions', 'lateCancelHours', null, counted);
    withDefault(values, 'customers', 'locale', null, counted);
    withDefault(values, 'customers', 'notify', null, counted);
    withDefault(values, 'customers', 'telegramLinked', false, counted);
    withDefault(values, 'customers', 'guardianId', null, counted);
    withDefault(values, 'customers', 'consentAt', null, counted);
    withDefault(values, 'subscriptions', 'soldOnline', false, counted);
    withDefault(values, 'subscriptions', 'lateCancelPenalty', { kind: 'none', amount: null }, counted);
    withDefault(values, 'subscriptions', 'noShowPenalty', { kind: 'none', amount: null }, counted);
    withDefault(values, 'subscriptions', 'makeUps', false, counted);
    withDefault(values, 'configs', 'penaltyDelayHours', 24, counted);
    withDefault(values, 'messages', 'bookingId', null, counted);
    withDefault(values, 'configs', 'quietHours', '22:00-09:00', counted);
    withDefault(values, 'configs', 'reminders', true, counted);
    withDefault(values, 'configs', 'staffBookingNotices', true, counted);
    consentsFromConsentAt(values, counted);
    withDefault(values, 'subscriptions', 'autoRenew', false, counted);
    withDefault(values, 'configs', 'membershipGraceDays', 3, counted);
    withDefault(values, 'configs', 'closures', [], counted);
    return upgraded;
};
