import { z } from 'zod';
import { isoDate } from './fields';
import { refuse } from './money';
import { visitsLeft } from './passes';
import { addDays, daysBetween } from './time';
import type { Pass } from './types';

/*
 * Freezing a pass: once, for at most the plan's freeze days, from a day inside its dates; the frozen
 * days are added to its end so that nothing is lost, and given back when the freeze ends early. The
 * server applies freezePass and unfreezePass; the screen offers the buttons by canFreeze and canUnfreeze,
 * the same rules.
 */

export const freezeSchema = z
    .object({ from: isoDate, to: isoDate })
    .refine(value => value.from <= value.to, { message: 'app.validation.ends_before_start', path: ['to'] });

export const unfreezeSchema = z.object({ on: isoDate });

type FreezeFacts = Pick<
    Pass,
    'cancelled' | 'startsOn' | 'endsOn' | 'frozenFrom' | 'frozenTo' | 'visitsTotal' | 'visitsUsed'
>;
type FreezeChange = Pick<Pass, 'endsOn' | 'frozenFrom' | 'frozenTo'>;

/** Days from `from` to `to`, both included. */
const daysInRange = (from: string, to: string) => daysBetween(from, to) + 1;

/**
 * Freezing from `from` to `to`: the pass keeps one freeze of at most the plan's freezeDays, inside its
 * dates, and its end moves later by the frozen days so that nothing is lost.
 */
export const freezePass = (pass: FreezeFacts, freezeDays: number, from: string, to: string): FreezeChange => {
    if (pass.cancelled) refuse('from', 'pass_cancelled');
    if (freezeDays <= 0) refuse('from', 'not_freezable');
    if (pass.frozenFrom) refuse('from', 'already_frozen');
    if (visitsLeft(pass) === 0) refuse('from', 'used_up');
    if (from < pass.startsOn || from > pass.endsOn) refuse('from', 'freeze_outside');
    const days = daysInRange(from, to);
    if (days > freezeDays) refuse('to', 'freeze_too_long');
    return { frozenFrom: from, frozenTo: to, endsOn: addDays(pass.endsOn, days) };
};

/**
 * Whether a pass can be frozen from today or a later day: by the rules freezePass applies (a plan that
 * allows freezing, no freeze yet, not cancelled or used up, and not over). What the screen offers.
 */
export const canFreeze = (pass: FreezeFacts, freezeDays: number, today: string): boolean =>
    !pass.cancelled && freezeDays > 0 && !pass.frozenFrom && visitsLeft(pass) !== 0 && today <= pass.endsOn;

/** Whether a pass's freeze can be ended today: unfreezePass accepts today while the freeze lasts or before it starts. */
export const canUnfreeze = (pass: FreezeFacts, today: string): boolean =>
    !pass.cancelled && !!pass.frozenFrom && !!pass.frozenTo && today <= pass.frozenTo;

/**
 * Unfreezing on `on` (the first day the pass works again): the days from `on` to the freeze's end
 * come off the end date again. Unfreezing on or before the first frozen day removes the freeze.
 */
export const unfreezePass = (pass: FreezeFacts, on: string): FreezeChange => {
    if (!pass.frozenFrom || !pass.frozenTo) return refuse('on', 'not_frozen');
    if (on > pass.frozenTo) refuse('on', 'freeze_over');
    const start = on < pass.frozenFrom ? pass.frozenFrom : on;
    const unused = daysInRange(start, pass.frozenTo);
    const endsOn = addDays(pass.endsOn, -unused);
    return start <= pass.frozenFrom
        ? { frozenFrom: null, frozenTo: null, endsOn }
        : { frozenFrom: pass.frozenFrom, frozenTo: addDays(start, -1), endsOn };
};
