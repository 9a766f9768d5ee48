/*
 * One day of classes: who comes to each (members of the group, a walk-in now and then, a workshop's
 * crowd), the passes they buy at the desk before class, and the marks, each charged by the domain's
 * charging rule (src/domain/attendance.ts) as the server charges a mark.
 */
import { applyChanges, settleVisit } from '../../domain/attendance';
import { isFrozenOn, passToCharge, visitsLeft } from '../../domain/passes';
import { addDays } from '../../domain/time';
import { overlaps } from '../../domain/timetable';
import type { Attendance, Identifier, Pass, StudioEvent } from '../../domain/types';
import type { Random } from './random';
import { choosePlan, isTrialPass, memberPlan, sell } from './selling';
import {
    directionOf,
    fileOf,
    laterBy,
    localInstant,
    seen,
    takeLead,
    type CustomerFile,
    type Mark,
    type World,
} from './world';

const isOnBreak = (file: CustomerFile, date: string): boolean =>
    file.passes.some(pass => !pass.cancelled && isFrozenOn(pass, date));

const busyDuring = (marks: Mark[], customerId: number, event: StudioEvent): boolean =>
    marks.some(mark => mark.customerId === customerId && overlaps(mark.event, event));

/** When a class starts, as an instant. */
const startOf = (world: World, event: StudioEvent): string =>
    localInstant(world.calendar, event.startsAt.slice(0, 10), event.startsAt.slice(11));

/** How a member's class went: mostly there, sometimes late; absent ones are marked missed or excused, or not at all. */
const rollStatus = (random: Random, reliability: number): string | null => {
    if (random.chance(reliability)) return random.chance(0.9) ? 'attended' : 'late';
    return random.weighted([
        ['missed', 35],
        ['excused', 35],
        [null, 30],
    ] as const);
};

const groupRoster = (world: World, event: StudioEvent, date: string, dayMarks: Mark[]): Mark[] => {
    const { random } = world;
    const marks: Mark[] = [];
    for (const membership of world.membersOf.get(event.scheduleId as number) ?? []) {
        const file = fileOf(world, membership.customerId);
        if (membership.joinsOn > date || (membership.leavesOn && membership.leavesOn <= date)) continue;
        if (isOnBreak(file, date) || busyDuring(dayMarks, file.customer.id, event)) continue;
        let status = rollStatus(random, membership.reliability);
        // A newcomer's first class is often a free trial; an absent newcomer is simply not marked.
        if (!file.visited && membership.firstVisit !== 'pass' && status !== 'attended' && status !== 'late')
            status = null;
        if (!file.visited && membership.firstVisit === 'free_trial' && status) status = 'trial';
        if (!status) continue;
        marks.push({ event, customerId: file.customer.id, status, membership, dropIn: false, walkIn: false });
    }
    if (marks.length < event.capacity && random.chance(0.05)) {
        const lead = takeLead(world);
        if (lead) {
            const status = random.chance(0.5) ? 'trial' : 'attended';
            marks.push({ event, customerId: lead.customer.id, status, membership: null, dropIn: true, walkIn: true });
        }
    }
    return marks;
};

/** A workshop draws members of every group, plus a couple of people off the street. */
const workshopRoster = (world: World, event: StudioEvent, date: string, dayMarks: Mark[]): Mark[] => {
    const { random } = world;
    const wanted = random.int(8, Math.min(14, event.capacity - 2));
    const marks: Mark[] = [];
    const candidates = random.shuffle(
        [...world.files.values()].filter(file =>
            file.memberships.some(membership => membership.joinsOn <= date && !membership.leavesOn),
        ),
    );
    for (const file of candidates) {
        if (marks.length >= wanted) break;
        if (isOnBreak(file, date) || busyDuring(dayMarks, file.customer.id, event)) continue;
        const status = random.chance(0.9) ? 'attended' : 'late';
        marks.push({ event, customerId: file.customer.id, status, membership: null, dropIn: true, walkIn: false });
    }
    for (let count = 0; count < 2; count++) {
        const lead = takeLead(world);
        if (!lead) break;
        marks.push({
            event,
            customerId: lead.customer.id,
            status: 'attended',
            membership: null,
            dropIn: true,
            walkIn: true,
        });
    }
    return marks;
};

/** The pass the charging rule would take for one more mark today, counting the marks already planned on each pass. */
const passForNextMark = (
    passes: Pass[],
    date: string,
    directionId: number,
    uses: ReadonlyMap<Identifier, number>,
): Pass | undefined => {
    const spent = passes.map(pass => ({ ...pass, visitsUsed: pass.visitsUsed + (uses.get(pass.id) ?? 0) }));
    const chosen = passToCharge(spent, date, directionId);
    return chosen && passes.find(pass => pass.id === chosen.id);
};

/**
 * Before the day's marks are charged, whoever will need a pass buys one, starting today. Selling first
 * keeps the rule exact: every pass that exists on a date existed before any mark of that date.
 * Answers the marks that stay (nobody sells a pass to a no-show: an uncovered 'missed' is not marked).
 */
const sellForTheDay = (world: World, date: string, marks: Mark[]): Mark[] => {
    const dropped = new Set<Mark>();
    const byCustomer = new Map<number, Mark[]>();
    for (const mark of marks) byCustomer.set(mark.customerId, [...(byCustomer.get(mark.customerId) ?? []), mark]);
    for (const [customerId, own] of byCustomer) {
        const file = fileOf(world, customerId);
        const uses = new Map<Identifier, number>();
        let lastUsed: Pass | undefined;
        const charging = own.filter(mark => world.chargingCodes.has(mark.status));
        charging.forEach((mark, index) => {
            const existing = passForNextMark(file.passes, date, directionOf(world, mark.event), uses);
            if (existing) {
                uses.set(existing.id, (uses.get(existing.id) ?? 0) + 1);
                lastUsed = existing;
                return;
            }
            if (mark.status === 'missed') {
                dropped.add(mark);
                return;
            }
            const plan = choosePlan(world, file, mark, charging.length - index);
            if (!plan) return;
            const at = laterBy(startOf(world, mark.event), -world.random.int(5, 40));
            const { pass, payment } = sell(world, file, plan, date, at, {
                freeze: !mark.dropIn,
                note: mark.walkIn ? 'Разовое посещение' : null,
            });
            if (mark.dropIn) world.singleVisitPayments.add(payment);
            uses.set(pass.id, 1);
        });
        if (lastUsed) renewEarly(world, file, lastUsed, uses, date, own);
    }
    return marks.filter(mark => !dropped.has(mark));
};

/**
 * A member whose pass is down to its last visit after today's class often buys the next one at the
 * desk, starting tomorrow. Until the old pass is used up both are active, and the rule charges the one
 * ending soonest.
 */
const renewEarly = (
    world: World,
    file: CustomerFile,
    used: Pass,
    uses: ReadonlyMap<Identifier, number>,
    date: string,
    own: Mark[],
): void => {
    const { random } = world;
    const left = visitsLeft({ visitsTotal: used.visitsTotal, visitsUsed: used.visitsUsed + (uses.get(used.id) ?? 0) });
    const member = file.memberships.some(membership => !membership.leavesOn && membership.joinsOn <= date);
    if (!member || left !== 1 || isTrialPass(used) || !random.chance(0.3)) return;
    const last = own[own.length - 1].event;
    const at = laterBy(startOf(world, last), last.durationMinutes + random.int(5, 20));
    sell(world, file, memberPlan(world, file, 1), addDays(date, 1), at, { freeze: true });
};

/** Saves one mark and charges it by the rule, as the server does on POST /api/attendances. */
const markAttendance = (world: World, mark: Mark, date: string): void => {
    const file = fileOf(world, mark.customerId);
    const visit = {
        charges: world.chargingCodes.has(mark.status),
        eventCancelled: false,
        date,
        directionId: directionOf(world, mark.event),
    };
    const { charge, changes } = settleVisit(null, visit, file.passes);
    applyChanges(file.passes, changes);
    // Teachers mark the roster at the end of the class.
    const createdAt = laterBy(startOf(world, mark.event), mark.event.durationMinutes - 5);
    const attendance: Attendance = {
        id: world.db.attendances.length + 1,
        eventId: mark.event.id,
        customerId: mark.customerId,
        status: mark.status,
        ...charge,
        markedBy: mark.event.teacherId,
        createdAt,
    };
    world.db.attendances.push(attendance);
    if (mark.status === 'trial') file.hadTrialMark = true;
    seen(file, createdAt);
};

/** The done classes of one day: rosters first, then the day's sales, then the marks. */
export const simulateDay = (world: World, date: string, events: StudioEvent[]): void => {
    const marks: Mark[] = [];
    for (const event of events) {
        if (event.status !== 'done') continue;
        const roster = event.scheduleId
            ? groupRoster(world, event, date, marks)
            : workshopRoster(world, event, date, marks);
        marks.push(...roster);
        // The roster decides who comes; a free trial is only the first visit even within one day.
        for (const mark of roster)
            if (mark.status !== 'missed' && mark.status !== 'excused') fileOf(world, mark.customerId).visited = true;
    }
    for (const mark of sellForTheDay(world, date, marks)) markAttendance(world, mark, date);
};
