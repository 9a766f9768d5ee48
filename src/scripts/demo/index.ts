/*
 * The demo database shipped as db.json, and larger ones for benchmarks.
 *
 * Pure and deterministic: every random choice comes from one seeded generator and every date from
 * `today`, so the same options always give the same database, byte for byte once serialised. The story
 * is simulated day by day over the last eight weeks: members come to their groups, buy passes when
 * theirs run out, freeze them, walk in, get refunds and pay by link. The rules are the domain's own
 * (selling, freezing, expanding the timetable, charging a visit, the studio's time), so the numbers on
 * every screen add up exactly as the server would have made them.
 */
import { memberSeats } from '../../domain/bookings';
import { emptyDatabase } from '../../domain/database';
import { upgradeDatabase } from '../../domain/upgrades';
import type { Locale } from '../../domain/statuses';
import { addDays } from '../../domain/time';
import type { Database, StoredUser, StudioEvent } from '../../domain/types';
import { simulateDay } from './classes';
import { makeCustomers } from './customers';
import { finish } from './finish';
import { addConsentsAndTasks } from './ground';
import { addOpenLinks, addPaidLinks, addRefunds } from './links';
import { assignMembers } from './members';
import { addAutopayConsents, addMemberships } from './memberships';
import { createRandom } from './random';
import { sellPassesBeforeTheWindow } from './selling';
import {
    makeConfig,
    makeCourses,
    makeDirections,
    makeStatuses,
    makeStudios,
    makeSubscriptions,
    makeUsers,
} from './setup';
import { groupClasses, makeSchedules, numberEvents, placeWorkshops } from './timetable';
import { calendarFor, localInstant, sizesFor, type World } from './world';

interface DemoOptions {
    seed?: number;
    /** Multiplies customers and the timetable (with the teachers and halls it needs). */
    scale?: number;
    /** The anchor date: eight weeks of history before it, two weeks of timetable from it. */
    today?: string;
    /**
     * The studio's default language: the studio, its staff, the catalogue (plans, halls, courses,
     * directions) and the customers' sources are named in it.
     */
    locale?: Locale;
}

/** The demo studio's time zone. */
const TIME_ZONE = 'Europe/Moscow';

export const generateDatabase = ({
    seed = 1,
    scale = 1,
    today = '2026-11-23',
    locale = 'ru',
}: DemoOptions = {}): Database => {
    const random = createRandom(seed);
    const calendar = calendarFor(today, TIME_ZONE);
    const sizes = sizesFor(scale);
    const config = makeConfig(calendar, locale);
    const statuses = makeStatuses(calendar);
    // The staff and the catalogue are named in the studio's default language.
    const { defaultLocale } = config;
    const users = makeUsers(random, sizes, calendar, defaultLocale);
    const directions = makeDirections(calendar, defaultLocale);
    const studios = makeStudios(sizes, calendar, defaultLocale);
    const courses = makeCourses(directions, calendar, defaultLocale);
    const subscriptions = makeSubscriptions(directions, calendar, defaultLocale);
    const customers = makeCustomers(random, sizes.customers, calendar, defaultLocale);
    const { schedules, groupSizes } = makeSchedules(
        { random, calendar, sizes, locale: defaultLocale },
        users,
        studios,
        courses,
        directions,
    );
    const scheduled = schedules.flatMap(schedule => groupClasses(random, calendar, schedule));
    const workshops = placeWorkshops(calendar, scheduled, { courses, directions, users, studios }, defaultLocale);
    const events = numberEvents([...scheduled, ...workshops]);

    // Every collection, in the order of their declarations; those the story fills come later.
    const db: Database = {
        ...emptyDatabase(),
        users,
        directions,
        studios,
        courses,
        subscriptions,
        customers,
        schedules,
        events,
        statuses,
        configs: [config],
    };
    const world: World = {
        random,
        calendar,
        sizes,
        config,
        db,
        adminId: (users.find(user => user.role === 'admin') as StoredUser).id,
        managerId: (users.find(user => user.role === 'manager') as StoredUser).id,
        courseOf: new Map(courses.map(course => [course.id, course])),
        chargingCodes: new Set(
            statuses.filter(status => status.name === 'attendance' && status.charges).map(status => status.code),
        ),
        files: new Map(
            customers.map(customer => [
                customer.id,
                {
                    customer,
                    memberships: [],
                    passes: [],
                    firstSeen: null,
                    visited: false,
                    hadTrialMark: false,
                    refunded: false,
                },
            ]),
        ),
        membersOf: new Map(),
        leads: [],
        pausing: new Set(),
        singleVisitPayments: new Set(),
    };
    assignMembers(world, groupSizes);
    sellPassesBeforeTheWindow(world);

    const eventsByDate = new Map<string, StudioEvent[]>();
    for (const event of events) {
        const date = event.startsAt.slice(0, 10);
        eventsByDate.set(date, [...(eventsByDate.get(date) ?? []), event]);
    }
    for (let date = calendar.firstDay; date < calendar.today; date = addDays(date, 1))
        simulateDay(world, date, eventsByDate.get(date) ?? []);

    addRefunds(world);
    addPaidLinks(world);
    addOpenLinks(world);
    addMemberships(world);
    finish(world);
    addConsentsAndTasks(world);
    addAutopayConsents(world);
    // The groups' members hold a seat in each of their classes from today on, booked the evening before.
    const bookedAt = localInstant(calendar, addDays(calendar.today, -1), '20:00');
    db.bookings = memberSeats(db, `${calendar.today}T00:00`).map((seat, index) => ({
        id: index + 1,
        ...seat,
        createdAt: bookedAt,
    }));
    // Written in the current shape, every field a start would give a record of an earlier version already
    // there: a start over the demo brings nothing up to date.
    const values: Record<string, unknown> = { ...db };
    upgradeDatabase(values, new Date(localInstant(calendar, calendar.today, '12:00')));
    return Object.assign(db, values);
};
