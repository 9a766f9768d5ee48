/*
 * What the simulation knows while it runs (never stored): the calendar it spans, the sizes of the
 * scale, each customer's file, and the database being built. Times go through the studio's time zone
 * by the domain's rules (src/domain/time.ts), as every screen and report reads them.
 */
import { addDays, instantAt } from '../../domain/time';
import type { Config, Course, Customer, Database, Pass, Payment, Schedule, StudioEvent } from '../../domain/types';
import type { Random } from './random';

export interface Calendar {
    today: string;
    /** The first day with events: eight weeks before today. */
    firstDay: string;
    /** The last day with events: two weeks from today, today included. */
    lastDay: string;
    /** When the studio was set up: catalogue, staff and statuses date from then. */
    setupDay: string;
    /** The studio's time zone (configs.timezone): local dates and times become instants in it. */
    timeZone: string;
}

export interface Sizes {
    customers: number;
    schedules: number;
    /** Copies of the scale-1 timetable, each with its own 4 teachers and 3 halls, so none is overbooked. */
    branches: number;
    /** Multiplier for the handful-of counts: refunds, payment links. */
    few: (count: number) => number;
}

export interface Membership {
    customerId: number;
    schedule: Schedule;
    directionId: number;
    joinsOn: string;
    /** Members who leave stop coming and are no longer in the group's customerIds. */
    leavesOn: string | null;
    /** How likely the member comes to a class. */
    reliability: number;
    /** Newcomers start with a free trial class, a paid trial plan, or straight away with a pass. */
    firstVisit: 'free_trial' | 'trial_plan' | 'pass';
}

/** What the simulation knows about one customer. */
export interface CustomerFile {
    customer: Customer;
    memberships: Membership[];
    passes: Pass[];
    /** The earliest instant the studio dealt with the customer: their record must be older. */
    firstSeen: string | null;
    /** Came to at least one class (a trial mark included): a free trial only happens on the first visit. */
    visited: boolean;
    hadTrialMark: boolean;
    refunded: boolean;
}

export interface Mark {
    event: StudioEvent;
    customerId: number;
    status: string;
    membership: Membership | null;
    /** Not one of the customer's groups (a workshop): a missing pass is paid with a single visit. */
    dropIn: boolean;
    /** A lead off the street: always buys a single visit. */
    walkIn: boolean;
}

export interface World {
    random: Random;
    calendar: Calendar;
    sizes: Sizes;
    config: Config;
    db: Database;
    adminId: number;
    managerId: number;
    courseOf: Map<number, Course>;
    chargingCodes: Set<string>;
    files: Map<number, CustomerFile>;
    membersOf: Map<number, Membership[]>;
    /** Customers who are in no group, in the order walk-ins, refunds and links take them. */
    leads: number[];
    /** Regulars who will freeze their pass over `today`. */
    pausing: Set<number>;
    /** Payments of walk-in and drop-in single visits, which never become payment-link sales. */
    singleVisitPayments: Set<Payment>;
}

export const sizesFor = (scale: number): Sizes => {
    if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`scale must be a positive number, not ${scale}`);
    const schedules = Math.max(1, Math.round(12 * scale));
    return {
        customers: Math.max(20, Math.round(150 * scale)),
        schedules,
        branches: Math.ceil(schedules / 12),
        few: count => Math.max(1, Math.round(count * scale)),
    };
};

export const calendarFor = (today: string, timeZone: string): Calendar => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || addDays(today, 0) !== today)
        throw new Error(`today must be a date YYYY-MM-DD, not ${today}`);
    return {
        today,
        firstDay: addDays(today, -56),
        lastDay: addDays(today, 13),
        setupDay: addDays(today, -120),
        timeZone,
    };
};

// The simulation asks for the same few local times over and over: each is converted once.
const instants = new Map<string, string>();

/** The instant of a studio-local date and time (`HH:mm`). */
export const localInstant = (calendar: Calendar, date: string, time: string): string => {
    const key = `${calendar.timeZone} ${date}T${time}`;
    let instant = instants.get(key);
    if (instant === undefined) {
        instant = instantAt(`${date}T${time}`, calendar.timeZone);
        instants.set(key, instant);
    }
    return instant;
};

export const pad = (value: number): string => String(value).padStart(2, '0');

/** `HH:mm` of minutes since midnight. */
export const timeOf = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** A local time between the hours `from` and `to` (that hour included). */
export const randomTime = (random: Random, from: number, to: number): string =>
    timeOf(random.int(from, to) * 60 + random.int(0, 59));

export const laterBy = (instant: string, minutes: number): string =>
    new Date(Date.parse(instant) + minutes * 60_000).toISOString();

export const earlier = (a: string, b: string): string => (a < b ? a : b);

/** The studio dealt with the customer at `instant`: their record must be older. */
export const seen = (file: CustomerFile, instant: string): void => {
    file.firstSeen = file.firstSeen ? earlier(file.firstSeen, instant) : instant;
};

export const fileOf = (world: World, customerId: number): CustomerFile => world.files.get(customerId) as CustomerFile;

/** The next customer in no group, if any are left. */
export const takeLead = (world: World): CustomerFile | null => {
    const customerId = world.leads.shift();
    return customerId === undefined ? null : fileOf(world, customerId);
};

/** Who took the money at the desk: mostly the manager. */
export const cashier = (world: World): number => (world.random.chance(0.8) ? world.managerId : world.adminId);

/** The direction of an event's course: what a pass must cover to pay for it. */
export const directionOf = (world: World, event: StudioEvent): number =>
    (world.courseOf.get(event.courseId) as Course).directionId;
