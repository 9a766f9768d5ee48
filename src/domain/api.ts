import type { PayRate } from './pay';
import type { PaidClass, PayPeriod, PeriodAdjustment } from './payPeriods';
import type { Identifier } from './types';

/*
 * What the business endpoints answer, shared by the server that sends it and the app that reads it.
 */

/** Someone marked on a class of a teacher's pay page. */
export interface PayAttendee {
    customerId: Identifier;
    name: string;
    status: string;
    unpaid: boolean;
}

/** A closed period as the pay pages show it: its days, its figures, who closed it and when, and who reopened it and when. */
export type ClosedPeriodSummary = Omit<PayPeriod, 'lines' | 'adjustments' | 'adjustedOn'>;

/** GET /api/teachers/:id/pay?from=&to=: one teacher's classes of a period, their pay, and the adjustments paid in it. */
export interface TeacherPayAnswer {
    teacher: { id: Identifier; name: string; pay: PayRate[] };
    from: string;
    to: string;
    visits: number;
    /** The classes' pay and the adjustments. */
    total: number;
    events: (PaidClass & { attendees: PayAttendee[] })[];
    adjustments: PeriodAdjustment[];
    /** The periods closed (and those reopened since) that the period overlaps, latest first. */
    periods: ClosedPeriodSummary[];
    /** The period can be closed now: every day of it is past and none is closed. */
    closable: boolean;
}

/** POST /api/reports/pay/close: the teachers whose period was closed, and those skipped (a day already closed). */
export interface CloseAllAnswer {
    closed: ClosedPeriodSummary[];
    skipped: { teacherId: Identifier; name: string }[];
}
