import { makeUpExpiry, makeUpState, usableMakeUp } from '../../domain/makeUps';
import type { Booking, Identifier, MakeUp, StudioEvent } from '../../domain/types';
import type { Row, Transaction } from '../storage/types';
import { repickPasses } from './promotion';
import { excusedStatus, makeUpPlanPays } from '../rules/charging';
import { studioNow } from '../rules/studio';
import { visitTo } from '../rules/visits';
import type { WriteRules } from '../rules/types';

/*
 * Make-up credits (src/domain/makeUps.ts has the rules): given by an excused mark charged to a pass whose
 * plan has make-ups, held by the booking they pay, lost when that class is missed or cancelled late.
 * Never written through the API.
 */

export const makeUpRules: WriteRules<'makeUps'> = {
    refused: {
        create: 'Make-ups are given by the server when an excused absence is marked on a plan with make-ups',
        update: 'A make-up is used by booking a class of its direction, never edited',
        delete: 'A make-up goes when the excused mark that gave it changes, never by itself',
    },
};

/** The bookings credits name, read for their state. */
const bookingsOf = async (tx: Transaction, makeUps: Pick<MakeUp, 'usedBookingId'>[]) =>
    tx.getMany(
        'bookings',
        makeUps.map(makeUp => makeUp.usedBookingId).filter((id): id is Identifier => id !== null),
    );

/** A booking that no longer names its credit: a seat it held is paid by a pass again (repickPasses). */
const withoutMakeUp = (booking: Booking): Booking => {
    const { makeUpId: _credit, ...rest } = booking;
    return rest as Booking;
};

/**
 * A credit taken back: the bookings that name it (ended ones, or a seat it holds, which a pass pays from
 * now on) stop naming it, and it goes.
 */
const takeBack = async (tx: Transaction, makeUp: MakeUp, now: Date) => {
    let seat = false;
    for (const booking of await tx.select('bookings', { makeUpId: makeUp.id })) {
        await tx.update('bookings', withoutMakeUp(booking));
        seat ||= booking.status === 'booked';
    }
    await tx.remove('makeUps', makeUp.id);
    if (seat) await repickPasses(tx, makeUp.customerId, now);
};

/**
 * After a mark is written or removed: an excused mark of a group's class charged to a pass with make-ups
 * has its credit (given once); a credit whose mark no longer gives it (another status, the class
 * cancelled, the mark moved or removed) is taken back, unless a class it paid was attended or it was lost.
 */
export const settleMakeUp = async (tx: Transaction, mark: Row | null, before: Row | null, now: Date) => {
    const markId = (mark ?? before)?.id as Identifier | undefined;
    if (markId === undefined) return;
    const event = mark ? await tx.get('events', mark.eventId as Identifier) : undefined;
    const gives =
        !!mark &&
        !!event &&
        event.scheduleId != null &&
        mark.status === excusedStatus &&
        mark.charged === true &&
        (await makeUpPlanPays(tx, (mark.passId as Identifier | null) ?? null));
    const existing = await tx.select('makeUps', { attendanceId: markId });
    const today = (await studioNow(tx, now)).slice(0, 10);
    const held = await bookingsOf(tx, existing);
    let kept = false;
    for (const makeUp of existing) {
        if (gives && makeUp.customerId === mark.customerId && makeUp.eventId === mark.eventId) kept = true;
        else if (['open', 'expired', 'booked'].includes(makeUpState(makeUp, held, today)))
            await takeBack(tx, makeUp, now);
    }
    if (!gives || kept || !event) return;
    await tx.insert('makeUps', {
        customerId: mark.customerId as Identifier,
        attendanceId: markId,
        eventId: event.id,
        directionId: (await visitTo(tx, event)).directionId,
        expiresOn: makeUpExpiry(event.startsAt.slice(0, 10)),
        usedBookingId: null,
        lostAt: null,
    });
};

/** The customer's credit that books this class, if any (read in the booking's transaction). */
export const makeUpFor = async (
    tx: Transaction,
    event: Pick<StudioEvent, 'startsAt' | 'courseId'>,
    customerId: Identifier,
): Promise<MakeUp | undefined> => {
    const makeUps = await tx.select('makeUps', { customerId });
    if (!makeUps.length) return undefined;
    const { date, directionId } = await visitTo(tx, event);
    return usableMakeUp(makeUps, await bookingsOf(tx, makeUps), directionId, date);
};

/** A booking paid by a credit holds it from the moment it is stored. */
export const holdMakeUp = async (tx: Transaction, booking: Pick<Booking, 'id' | 'makeUpId'>) => {
    if (booking.makeUpId == null) return;
    const makeUp = await tx.get('makeUps', booking.makeUpId);
    if (makeUp) await tx.update('makeUps', { ...makeUp, usedBookingId: booking.id });
};

/** The credit of a make-up class missed or cancelled late is lost (at `now`). */
export const loseMakeUp = async (tx: Transaction, booking: Pick<Booking, 'makeUpId'>, now: Date) => {
    if (booking.makeUpId == null) return;
    const makeUp = await tx.get('makeUps', booking.makeUpId);
    if (makeUp && makeUp.lostAt === null) await tx.update('makeUps', { ...makeUp, lostAt: now.toISOString() });
};

/**
 * A class closed: each make-up seat still booked with no mark or a `missed` one is a no-show, and its
 * credit is lost; reopened (`lost` false): the credits its closing took are given back.
 */
export const settleMakeUpNoShows = async (tx: Transaction, event: StudioEvent, lost: boolean, now: Date) => {
    for (const booking of await tx.select('bookings', { eventId: event.id, status: 'booked' })) {
        if (booking.makeUpId == null) continue;
        if (!lost) {
            const makeUp = await tx.get('makeUps', booking.makeUpId);
            if (makeUp?.lostAt) await tx.update('makeUps', { ...makeUp, lostAt: null });
            continue;
        }
        const mark = (await tx.select('attendances', { eventId: event.id, customerId: booking.customerId })).at(0);
        if (!mark || mark.status === 'missed') await loseMakeUp(tx, booking, now);
    }
};

/** A booking that goes (its class deleted): the credit that names it is free again. */
export const releaseMakeUp = async (tx: Transaction, booking: Pick<Booking, 'id' | 'makeUpId'>) => {
    if (booking.makeUpId == null) return;
    const makeUp = await tx.get('makeUps', booking.makeUpId);
    if (makeUp?.usedBookingId === booking.id) await tx.update('makeUps', { ...makeUp, usedBookingId: null });
};
