import type { Attendance, Identifier, StudioEvent, User } from './types';

export interface EventPay {
    event: StudioEvent;
    /** Attendances of the event whose mark charges (the visits it used). */
    visits: number;
    /** Every mark on the event. */
    marks: number;
    pay: number;
}

export interface TeacherPay {
    events: EventPay[];
    visits: number;
    total: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * A teacher's pay for their events of a period: per_event pays the amount for each
 * done event, per_attendee the amount for each charging mark of an event that was not cancelled;
 * cancelled events pay nothing, and a teacher without a pay rule is paid nothing here.
 */
export const teacherPay = (
    rule: User['pay'],
    events: StudioEvent[],
    attendances: Pick<Attendance, 'eventId' | 'status'>[],
    chargingStatuses: ReadonlySet<string>,
): TeacherPay => {
    const marksByEvent = new Map<Identifier, Pick<Attendance, 'eventId' | 'status'>[]>();
    attendances.forEach(attendance => marksByEvent.set(attendance.eventId, [...(marksByEvent.get(attendance.eventId) ?? []), attendance]));
    const rows = [...events]
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id)
        .map(event => {
            const marks = marksByEvent.get(event.id) ?? [];
            const visits = marks.filter(mark => chargingStatuses.has(mark.status)).length;
            let pay = 0;
            if (rule.kind === 'per_event' && event.status === 'done') pay = rule.amount;
            if (rule.kind === 'per_attendee' && event.status !== 'cancelled') pay = cents(rule.amount * visits);
            return { event, visits, marks: marks.length, pay };
        });
    return {
        events: rows,
        visits: rows.reduce((sum, row) => sum + (row.event.status === 'cancelled' ? 0 : row.visits), 0),
        total: cents(rows.reduce((sum, row) => sum + row.pay, 0)),
    };
};
