/*
 * Finishing touches once the story is told: each customer's status and registration from what they did,
 * the groups' member lists, and ids renumbered in the order the server would have given them.
 */
import { isFrozenOn } from '../../domain/passes';
import { addDays, daysBetween } from '../../domain/time';
import { isTrialPass } from './selling';
import { earlier, laterBy, localInstant, randomTime, type CustomerFile, type World } from './world';

/** The customer status staff would have set, from what the customer did. */
const statusOf = (file: CustomerFile, today: string): string => {
    const current = file.memberships.some(membership => !membership.leavesOn);
    const frozenNow = file.passes.some(pass => !pass.cancelled && isFrozenOn(pass, today));
    const paidPass = file.passes.some(pass => !pass.cancelled && !isTrialPass(pass));
    if (frozenNow) return 'paused';
    if (current && paidPass) return 'active';
    if (current || file.hadTrialMark) return 'trial';
    if (file.refunded || file.memberships.length > 0) return 'left';
    return 'lead';
};

/** When the customer was registered: regulars before the eight weeks, newcomers when they joined, always before their first dealing. */
const registeredAt = (world: World, file: CustomerFile): string => {
    const { random, calendar } = world;
    const joined = file.memberships.map(membership => membership.joinsOn).sort()[0];
    const date =
        joined === calendar.firstDay
            ? addDays(calendar.setupDay, random.int(1, daysBetween(calendar.setupDay, calendar.firstDay) - 1))
            : joined
              ? addDays(joined, -random.int(0, 5))
              : addDays(calendar.setupDay, random.int(1, daysBetween(calendar.setupDay, calendar.today) - 1));
    const chosen = localInstant(calendar, date, randomTime(random, 10, 20));
    return file.firstSeen ? earlier(chosen, laterBy(file.firstSeen, -30)) : chosen;
};

/** Renumbers records by createdAt, as the server would have numbered them; answers old id to new id. */
const renumber = <T extends { id: number; createdAt: string }>(records: T[]): Map<number, number> => {
    records.sort((a, b) => (a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1));
    const ids = new Map<number, number>();
    records.forEach((record, index) => {
        ids.set(record.id, index + 1);
        record.id = index + 1;
    });
    return ids;
};

const remap = (ids: Map<number, number>, id: number | null | undefined): number | null =>
    id == null ? null : (ids.get(id) as number);

/** A record pointing at customers, passes or payments by their ids before renumbering. */
type Referring = Partial<Record<'customerId' | 'passId' | 'paymentId', number | null>>;

export const finish = (world: World): void => {
    const { db, calendar } = world;
    for (const file of world.files.values()) {
        file.customer.status = statusOf(file, calendar.today);
        file.customer.createdAt = registeredAt(world, file);
    }
    for (const schedule of db.schedules) {
        schedule.customerIds = (world.membersOf.get(schedule.id) ?? [])
            .filter(membership => !membership.leavesOn)
            .map(membership => membership.customerId);
    }
    const customerIds = renumber(db.customers);
    const passIds = renumber(db.passes);
    const paymentIds = renumber(db.payments);
    for (const schedule of db.schedules)
        schedule.customerIds = schedule.customerIds.map(id => remap(customerIds, id) as number).sort((a, b) => a - b);
    const renumbered = { customerId: customerIds, passId: passIds, paymentId: paymentIds };
    const referring = [db.attendances, db.passes, db.payments, db.paymentLinks, db.memberships, db.charges];
    for (const records of [...referring, db.paymentMethods, db.messages] as Referring[][])
        for (const record of records)
            for (const field of Object.keys(renumbered) as (keyof typeof renumbered)[])
                if (field in record) record[field] = remap(renumbered[field], record[field]);
    // A membership's payer and held pass, and a membership link's payer.
    for (const membership of db.memberships) {
        membership.payerId = remap(customerIds, membership.payerId) as number;
        membership.heldPassId = remap(passIds, membership.heldPassId);
    }
    for (const link of db.paymentLinks) if (link.payerId != null) link.payerId = remap(customerIds, link.payerId);
    db.paymentLinks.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
};
