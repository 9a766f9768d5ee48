import type { ChargeablePass } from './attendance';
import type { BookingRefusal } from './bookings';
import { coversDirection, isFrozenOn, visitsLeft } from './passes';
import type { Identifier } from './types';
import type { Role } from './roles';

/*
 * What a refused booking tells beyond its code, so that staff read the real reason and what they may do
 * instead: the server adds these facts to its 409, and the screens word them and offer the choices.
 */

/**
 * Why no pass pays a class (the refusal `no_pass`):
 * - held: passes that cover the class have visits left, all held by the customer's other upcoming
 *   bookings (`visitsLeft` on those passes, `heldBy` the bookings holding them);
 * - frozen: the pass is frozen on the class's day, until `frozenTo`;
 * - used_up: the pass of the class's day has no visit left;
 * - ended: the latest pass of the direction ended on `endsOn`, before the class;
 * - none: no pass of the class's direction (a cancelled one counts as none).
 */
export type NoPassFacts =
    | { reason: 'held'; visitsLeft: number; heldBy: number }
    | { reason: 'frozen'; frozenTo: string }
    | { reason: 'used_up' }
    | { reason: 'ended'; endsOn: string }
    | { reason: 'none' };

/** A full class's seats, as the refusal `full` answers them. */
export interface SeatFacts {
    booked: number;
    capacity: number;
}

/** What a 409 of POST /api/bookings adds to its code in errors.eventId. */
export interface BookingRefusalFacts {
    noPass?: NoPassFacts;
    seats?: SeatFacts;
}

/**
 * Why none of `passes` pays a visit on `date` to a class of `directionId` once the visits `promised` to
 * the customer's other upcoming bookings (by pass) are counted: asked only once passForBooking found none.
 */
export const whyNoPass = (
    passes: (ChargeablePass & { directionIds: Identifier[] })[],
    date: string,
    directionId: Identifier,
    promised: ReadonlyMap<Identifier, number>,
): NoPassFacts => {
    const ofDirection = passes.filter(pass => !pass.cancelled && coversDirection(pass, directionId));
    const onTheDay = ofDirection.filter(pass => pass.startsOn <= date && date <= pass.endsOn);
    const open = onTheDay.filter(pass => !isFrozenOn(pass, date) && visitsLeft(pass) !== 0);
    if (open.length)
        return {
            reason: 'held',
            visitsLeft: open.reduce((sum, pass) => sum + (visitsLeft(pass) ?? 0), 0),
            heldBy: open.reduce((sum, pass) => sum + (promised.get(pass.id) ?? 0), 0),
        };
    const frozen = onTheDay.filter(pass => isFrozenOn(pass, date) && visitsLeft(pass) !== 0);
    if (frozen.length)
        return {
            reason: 'frozen',
            frozenTo: frozen
                .map(pass => pass.frozenTo as string)
                .sort()
                .at(-1) as string,
        };
    if (onTheDay.length) return { reason: 'used_up' };
    const endsOn = ofDirection
        .filter(pass => pass.endsOn < date)
        .map(pass => pass.endsOn)
        .sort()
        .at(-1);
    return endsOn ? { reason: 'ended', endsOn } : { reason: 'none' };
};

/**
 * What staff may ask for instead of a refused booking, each an explicit choice:
 * - waitlist: a place in line (`waitlist: true`);
 * - over_capacity: a seat over capacity (`force: true`);
 * - without_pass: a seat no pass pays (`force: true`);
 * - before_window: a seat before booking opens (`force: true`).
 */
export type BookingChoice = 'waitlist' | 'over_capacity' | 'without_pass' | 'before_window';

/** Only managers and admins force a booking; a teacher books within the rules. */
export const mayForce = (role: Role | undefined) => role === 'manager' || role === 'admin';

/** The choices a refusal `code` leaves to someone of `role`, given what was `asked` for. */
export const bookingChoices = (
    code: BookingRefusal,
    role: Role,
    asked: { waitlist?: boolean; force?: boolean },
): BookingChoice[] => {
    if (asked.force) return [];
    const force = mayForce(role);
    switch (code) {
        case 'full':
            return [...(asked.waitlist ? [] : (['waitlist'] as const)), ...(force ? (['over_capacity'] as const) : [])];
        case 'no_pass':
            return force ? ['without_pass'] : [];
        case 'not_open':
            return force ? ['before_window'] : [];
        // A place in line that cannot be had: a seat over capacity still can.
        case 'no_channel':
        case 'too_many_waitlists':
            return force ? ['over_capacity'] : [];
        default:
            return [];
    }
};
