import type { Marking } from '../attendance';
import type { CloseRefusal } from '../closing';
import type { Period, Interval, Amount, IncomeSeries } from '../income';
import type { Journal } from '../journal';
import type { PayRate } from '../pay';
import type { PaidClass, PayPeriod, PeriodAdjustment } from '../payPeriods';
import type { ComparisonKind } from '../periods';
import type { Skipped } from '../timetable';
import type { Attendance, Identifier, StudioEvent } from '../types';

/*
 * What the staff app's business endpoints answer, shared by the server that sends it and the app that
 * reads it: the app imports these types from here, never from the server.
 */

/** What the server names when it refuses to delete a record that others refer to (409). */
export interface Referrer {
    collection: string;
    field: string;
    count: number;
}

/**
 * The body of every error answer: a message, the fields at fault with the key of their message, and
 * what some refusals add (the records in the way of a delete, a teacher's window, a clash, a closed period).
 */
export interface ApiErrorBody {
    message: string;
    errors?: Record<string, string>;
    referrers?: Referrer[];
    teacherEditDays?: number;
    [detail: string]: unknown;
}

// The timetable: generating classes, the roster, walk-ins and the attendance journal.

/** The words of a skipped slot: who teaches what, when and where in the class it clashes with. */
interface SkipParams {
    date: string;
    time: string;
    teacher: string;
    course: string;
    studio: string;
}

export type SkippedAnswer = Skipped & { params: SkipParams };
export interface GenerationAnswer {
    created: number;
    events: StudioEvent[];
    skipped: SkippedAnswer[];
}
export interface GroupGeneration {
    scheduleId: Identifier;
    /** The group's course and title, the course named once (classTitle). */
    title: string | null;
    created: number;
    skipped: SkippedAnswer[];
}
export interface GenerationForAllAnswer {
    from: string;
    to: string;
    created: number;
    groups: GroupGeneration[];
}
export interface RosterPerson {
    customerId: Identifier;
    name: string;
    member: boolean;
    attendance: Attendance | null;
    pass: { id: Identifier; name: string; endsOn: string; visitsLeft: number | null } | null;
    /** With no pass to charge: the last frozen day of the pass that would pay but for its freeze. */
    frozenUntil?: string | null;
    /**
     * Their seat or place in line in the class (`position`: 1 = next in line; `makeUp`: paid by a make-up;
     * `lateCancelFrom`: the studio's wall-clock time from which cancelling the seat is late), or null.
     */
    booking: {
        id: Identifier;
        status: 'booked' | 'waitlisted';
        position: number | null;
        makeUp?: boolean;
        lateCancelFrom?: string | null;
    } | null;
    /** Holding nothing in the class, their last booking of it was cancelled (`late`: inside the window), or null. */
    cancelled?: { id: Identifier; late: boolean } | null;
}
export interface RosterAnswer {
    event: StudioEvent;
    /** Whether the signed-in user may mark now: a class of a later day, or a teacher's closed window. */
    marking: Marking;
    /** The closed pay period the class is in: teachers no longer change its marks, and a manager's change is an adjustment. */
    payClosed: { id: Identifier; startsOn: string; endsOn: string } | null;
    /**
     * Whether the user may close or reopen the class now; why not (before it starts, a cancelled class); whether
     * it has ended (closing decides its no-shows only then).
     */
    closing: { canClose: boolean; canReopen: boolean; refusal: CloseRefusal | null; ended?: boolean };
    capacity: number;
    /** Seats taken by bookings, and places in line. */
    booked: number;
    waitlisted: number;
    visits: number;
    marked: number;
    /** The booked first, then the members and anyone marked, by name; then the line, in its order. */
    people: RosterPerson[];
}
export interface WalkIn {
    id: Identifier;
    name: string;
}
export type JournalAnswer = Journal & {
    /** `title`: the group's course and title, the course named once (classTitle). */
    schedule: { id: Identifier; title: string | null; teacherId: Identifier };
};

// Income statistics and the dashboard.

/** GET /api/statistics/incomes?from=&to=&interval=: the period's income by bucket, its comparison and breakdowns. */
export interface IncomeStatistics extends Period, IncomeSeries {
    interval: Interval;
    comparison: { kind: ComparisonKind; length: number };
    /** Where the period holds today: its days so far against the same days of the previous period. */
    toDate: (Period & { total: number; previous: Period & { total: number } }) | null;
    byMethod: Amount[];
    byPlan: Amount[];
    previous: Period & IncomeSeries;
    /**
     * Income earned by visits (the share of each pass a visit used) by direction, teacher and studio, up
     * to `to`: the period's last day, or today where the period goes on past it; null when it is wholly to come.
     */
    earned: { to: string | null; total: number; byDirection: Amount[]; byTeacher: Amount[]; byStudio: Amount[] };
}

/** A class of the last month that ended with no marks and that nobody closed. */
export interface LeftOpenClass {
    id: Identifier;
    startsAt: string;
    course: string;
    title: string | null;
    teacher: string;
}

/** GET /api/dashboard for a teacher: their classes of the day, and their classes left without marks. */
export interface TeacherDashboard {
    today: string;
    todayEvents: {
        id: Identifier;
        startsAt: string;
        durationMinutes: number;
        status: StudioEvent['status'];
        /** The class's course and title, the course named once (classTitle). */
        title: string;
        studio: string;
        teacher: string;
        capacity: number;
        marked: number;
        /** The members of the class's group; null for a class of no group. */
        enrolled: number | null;
    }[];
    /** Classes that ended without marks and are still open (the latest first, a few), and how many there are. */
    withoutMarks: { count: number; classes: LeftOpenClass[] };
}

/** What staff see beyond the day's classes: income, passes, visits and debts. */
export interface StudioNumbers {
    income: {
        thisMonth: number;
        lastMonthToDate: number;
        lastMonth: number;
        toDate: { current: Period; previous: Period };
        previous: Period;
    };
    activePasses: number;
    visitsThisWeek: number;
    expiringPasses: {
        id: Identifier;
        customerId: Identifier;
        customer: string;
        name: string;
        endsOn: string;
        visitsLeft: number | null;
    }[];
    expiringCount: number;
    unpaidVisits: number;
    unpaidCustomers: { customerId: Identifier; customer: string; visits: number }[];
}

export type StaffDashboard = TeacherDashboard & StudioNumbers;
export type DashboardData = TeacherDashboard | StaffDashboard;

// Teacher pay.

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
    /** `open`: the class has started and nobody closed it yet, so it does not pay per class held. */
    events: (PaidClass & { attendees: PayAttendee[]; open: boolean })[];
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

/**
 * How payment links are paid (`GET /api/settings/payments`): `test`, the built-in test provider that takes
 * no money; `off`, no provider chosen on a public address, so links cannot be paid online.
 */
export interface PaymentSetupAnswer {
    mode: 'test' | 'live' | 'off';
    /** The server is on a public address (PUBLIC_URL): test payments there take real customers' orders for nothing. */
    publicAddress: boolean;
    /** The provider that takes the payments (`test`: the built-in one), or null when none. */
    provider: 'yookassa' | 'cloudpayments' | 'tbank' | 'test' | null;
    /** Where the provider's notices go: to register in the provider's cabinet (real providers only). */
    noticeUrl: string | null;
}

/** GET /api/settings/messages: each channel, whether this server sends through it, and its last failure. */
export interface MessageSetupAnswer {
    channels: {
        channel: 'email' | 'telegram';
        configured: boolean;
        /** Who messages come from (MAIL_FROM); null when not set up. */
        sender: string | null;
        /** The latest message that failed through it. */
        lastFailure: { at: string; error: string } | null;
    }[];
}
