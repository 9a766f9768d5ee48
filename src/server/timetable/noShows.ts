import { noShowsDue, noShowsWindow } from '../../domain/closing';
import { penaltyRuleOf } from '../../domain/penalties';
import type { Booking, Identifier } from '../../domain/types';
import type { Storage } from '../storage/types';
import { settleMakeUpNoShows } from '../bookings';
import { penalizeNoShows } from '../policy';

/*
 * The no-shows of a class closed while it was still on: closing decided none (somebody could still come),
 * so the server's closing sweep decides them once the class has ended, as a closing after the end would
 * have: the seats still booked with no mark or a `missed` one cost what their plan's no-show penalty says,
 * and a make-up seat loses its credit. Each seat is decided once: one that ever had a no-show penalty is
 * passed over.
 */

/**
 * The closed classes (of the day before `local`, the studio's wall clock) with a seat whose no-show is
 * still to decide, read in a few queries of the whole window rather than class by class at every sweep.
 */
const classesToDecide = async (storage: Storage, local: string): Promise<Identifier[]> => {
    const { from, to } = noShowsWindow(local);
    const ended = (
        await storage.select('events', [
            { field: 'status', kind: 'equals', values: ['done'] },
            { field: 'startsAt', kind: 'gte', value: from },
            { field: 'startsAt', kind: 'lte', value: to },
        ])
    ).filter(event => noShowsDue(event, local));
    if (!ended.length) return [];
    const eventIds = ended.map(event => event.id);
    const [seats, marks, penalties] = await Promise.all([
        storage.select('bookings', { eventId: eventIds, status: 'booked' }),
        storage.select('attendances', { eventId: eventIds }),
        storage.select('penalties', { eventId: eventIds }),
    ]);
    const marked = new Set(
        marks.filter(mark => mark.status !== 'missed').map(mark => `${mark.eventId}:${mark.customerId}`),
    );
    const decided = new Set(penalties.filter(penalty => penalty.kind === 'no_show').map(penalty => penalty.bookingId));
    const open = seats.filter(seat => !marked.has(`${seat.eventId}:${seat.customerId}`) && !decided.has(seat.id));
    if (!open.length) return [];
    const passes = await storage.getMany('passes', [
        ...new Set(open.flatMap(seat => (seat.passId === null ? [] : [seat.passId]))),
    ]);
    const [plans, makeUps] = await Promise.all([
        storage.getMany('subscriptions', [...new Set(passes.map(pass => pass.subscriptionId))]),
        storage.getMany('makeUps', [...new Set(open.flatMap(seat => (seat.makeUpId == null ? [] : [seat.makeUpId])))]),
    ]);
    const owes = (seat: Booking) => {
        const pass = passes.find(found => found.id === seat.passId);
        const plan = pass && plans.find(found => found.id === pass.subscriptionId);
        if (penaltyRuleOf(plan, 'no_show')) return true;
        return makeUps.some(makeUp => makeUp.id === seat.makeUpId && makeUp.lostAt === null);
    };
    return [...new Set(open.filter(owes).map(seat => seat.eventId))];
};

/**
 * Decides, at the instant `now` (`local` on the studio's wall clock), the no-shows of the classes closed
 * before their end that have ended, each class in a write of its own; answers how many classes it decided.
 */
export const decideNoShowsAtEnd = async (storage: Storage, local: string, now: Date): Promise<number> => {
    let decided = 0;
    for (const id of await classesToDecide(storage, local)) {
        const done = await storage.transaction(async tx => {
            // Read again in the write: reopened meanwhile, it waits for its closing.
            const event = await tx.get('events', id);
            if (!event || !noShowsDue(event, local)) return false;
            await penalizeNoShows(tx, event, now, true);
            await settleMakeUpNoShows(tx, event, true, now);
            return true;
        });
        if (done) decided++;
    }
    return decided;
};
