import type { StudioEvent } from './types';

/*
 * Cancelling a seat or leaving a line: possible until the class starts, by anyone who may (staff, the
 * customer in the portal, the reminder's link). Once it has started, a cancel would turn a no-show into a
 * cheaper late cancel and free a seat nobody can take: staff correct a seat after the start by its mark
 * (`excused`). Times are the studio's wall clock (`YYYY-MM-DDTHH:mm`), as events keep them.
 */

/**
 * Why a booking is not cancelled, answered in errors.eventId with 409, as the booking refusals are:
 * - started: the class has started (or is over, or closed).
 */
export const cancelRefusals = ['started'] as const;
export type CancelRefusal = (typeof cancelRefusals)[number];

/** Why a booking of this class cannot be cancelled at `now`, or null. */
export const cancelRefusal = (event: Pick<StudioEvent, 'startsAt' | 'status'>, now: string): CancelRefusal | null =>
    event.status === 'done' || now >= event.startsAt ? 'started' : null;
