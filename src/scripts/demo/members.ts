/* Who is in which group: regulars spread over the groups, newcomers joining during the eight weeks, leads in none. */
import { addDays, daysBetween } from '../../domain/time';
import type { Course } from '../../domain/types';
import { groupsClash } from './timetable';
import { fileOf, type Membership, type World } from './world';

/**
 * Four in five customers are regulars, spread over the groups (a few in two); the rest are leads, who
 * walk in, ask for payment links or never come.
 */
export const assignMembers = (world: World, groupSizes: Map<number, number>): void => {
    const { random, calendar, db } = world;
    const order = random.shuffle(db.customers.map(customer => customer.id));
    const regulars = order.slice(0, Math.round(order.length * 0.8));
    world.leads = order.slice(regulars.length);
    let cursor = 0;
    for (const schedule of db.schedules) {
        const members: Membership[] = [];
        const size = Math.min(groupSizes.get(schedule.id) ?? 6, schedule.capacity);
        for (let tries = 0; members.length < size && tries < regulars.length; tries++) {
            const customerId = regulars[cursor++ % regulars.length];
            const file = fileOf(world, customerId);
            if (file.memberships.some(other => other.schedule === schedule || groupsClash(other.schedule, schedule)))
                continue;
            const newcomer = random.chance(0.25);
            const membership: Membership = {
                customerId,
                schedule,
                directionId: (world.courseOf.get(schedule.courseId) as Course).directionId,
                joinsOn: newcomer
                    ? addDays(calendar.firstDay, random.int(7, daysBetween(calendar.firstDay, calendar.today) - 1))
                    : calendar.firstDay,
                leavesOn: !newcomer && random.chance(0.08) ? addDays(calendar.today, -random.int(7, 40)) : null,
                reliability: 0.7 + random.next() * 0.25,
                firstVisit: newcomer
                    ? random.weighted([
                          ['free_trial', 45],
                          ['trial_plan', 30],
                          ['pass', 25],
                      ] as const)
                    : 'pass',
            };
            members.push(membership);
            file.memberships.push(membership);
        }
        world.membersOf.set(schedule.id, members);
    }
    const stayers = [...world.files.values()].filter(
        file => file.memberships.length > 0 && file.memberships.every(membership => !membership.leavesOn),
    );
    world.pausing = new Set(
        random
            .shuffle(stayers)
            .slice(0, world.sizes.few(4))
            .map(file => file.customer.id),
    );
};
