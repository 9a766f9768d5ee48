import type { StudioEvent } from './types';

/*
 * Closing a class: a class is held (`done`) once it is closed, and only then does it pay its teacher
 * per class held. Its teacher, a manager or an admin closes it with one button once it has started (never
 * before: a class six days ahead has held nothing), and managers and admins reopen it. Closing decides the
 * no-shows (the booked people nobody marked, or marked missed) only when the class has ended; those of a
 * class closed while it was still on are decided by the server when it ends. A class with marks that
 * nobody closed is closed by the server configs.autoCloseHours after its end; one without marks stays
 * open, listed for staff to look at. Times are the studio's wall clock (`YYYY-MM-DDTHH:mm`), as events
 * keep them.
 */

export type CloseRefusal = 'cancelled' | 'not_started' | 'not_closed';

/** A local date-time moved by some minutes, still on the wall clock. */
export const addMinutes = (local: string, minutes: number): string =>
    new Date(Date.parse(`${local}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);

export const classEnd = (event: Pick<StudioEvent, 'startsAt' | 'durationMinutes'>): string =>
    addMinutes(event.startsAt, event.durationMinutes);

/**
 * Why the class may not be closed at `now` (the studio's wall clock), by anyone, or null. A class closed
 * already closes again without change, so a second tap on a phone is not an error.
 */
export const closeRefusal = (event: Pick<StudioEvent, 'startsAt' | 'status'>, now: string): CloseRefusal | null => {
    if (event.status === 'cancelled') return 'cancelled';
    if (event.status !== 'done' && now < event.startsAt) return 'not_started';
    return null;
};

/** Whether the class has ended at `now`: only then does closing it decide its no-shows. */
export const hasEnded = (event: Pick<StudioEvent, 'startsAt' | 'durationMinutes'>, now: string): boolean =>
    classEnd(event) <= now;

/** Why a class cannot be reopened (by a manager or an admin), or null. */
export const reopenRefusal = (event: Pick<StudioEvent, 'status'>): CloseRefusal | null =>
    event.status === 'done' ? null : 'not_closed';

/** The longest a class can last (the schemas' limit): how far before the cut-off an open class may start. */
const longestClassMinutes = 600;

/** How far back the server looks for classes to close: an older class left open stays for staff to close. */
export const autoCloseLookbackDays = 31;

/**
 * The starts between which an open class may be due to close at `now`: it ended `hours` ago or more,
 * and not more than the look-back before that.
 */
export const autoCloseWindow = (now: string, hours: number): { from: string; to: string } => {
    const to = addMinutes(now, -hours * 60);
    return { from: addMinutes(to, -(longestClassMinutes + autoCloseLookbackDays * 24 * 60)), to };
};

/** Whether the server closes this open class at `now`: it has marks and ended `hours` ago or more. */
export const autoCloseDue = (
    event: Pick<StudioEvent, 'startsAt' | 'durationMinutes' | 'status'>,
    marks: number,
    now: string,
    hours: number,
): boolean => event.status === 'planned' && marks > 0 && addMinutes(classEnd(event), hours * 60) <= now;

/** An open class whose end has passed: closed by nobody yet (listed for staff when it has no marks either). */
export const isLeftOpen = (event: Pick<StudioEvent, 'startsAt' | 'durationMinutes' | 'status'>, now: string) =>
    event.status === 'planned' && classEnd(event) <= now;

/**
 * Hours after its end in which the server decides the no-shows of a class closed before it ended (its
 * sweep comes every few minutes): a class closed after its end had them decided by its closing.
 */
const noShowsLookbackHours = 24;

/** The starts between which a closed class may have its no-shows due at `now`. */
export const noShowsWindow = (now: string): { from: string; to: string } => ({
    from: addMinutes(now, -(noShowsLookbackHours * 60 + longestClassMinutes)),
    to: now,
});

/** Whether the server decides the no-shows of this class at `now`: closed, and ended less than a day ago. */
export const noShowsDue = (event: Pick<StudioEvent, 'startsAt' | 'durationMinutes' | 'status'>, now: string): boolean =>
    event.status === 'done' && hasEnded(event, now) && classEnd(event) > addMinutes(now, -noShowsLookbackHours * 60);
