import type { Locale } from '../statuses';

/*
 * The records as the customers' portal shows them: a customer's card without what is the studio's, a
 * class with its seats, a booking with its cancel window, a pass, a plan, a make-up credit and a penalty.
 * The server builds them (src/server/rules/portalViews.ts) and the endpoints of ./portal answer them.
 * Ids are numbers; days and times are the studio's (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`) unless an instant is said.
 */

export type NotifyKind =
    | 'booked'
    | 'promoted'
    | 'seat_free'
    | 'reminder'
    | 'class_cancelled'
    | 'low_visits'
    | 'expiring'
    | 'payment'
    | 'penalty'
    | 'membership_ended'
    | 'card_expiring';

/** Which channels and kinds of message the customer takes: each one not named is taken. */
export interface Notify {
    email: boolean;
    telegram: boolean;
    kinds: Partial<Record<NotifyKind, boolean>>;
}

/** The customer as the portal shows them, with what is due on their passes and in penalty fees. */
export interface PortalCustomer {
    id: number;
    firstName: string;
    lastName: string;
    /** Left out, or null, when the studio has no phone of theirs (a ward reached through their guardian). */
    phone?: string | null;
    email: string | null;
    locale: Locale | null;
    /** Null until the customer chooses: every channel and kind is taken. */
    notify: Notify | null;
    telegramLinked: boolean;
    status: string;
    guardianId: number | null;
    balanceDue: number;
}

/** What a class is to a customer: its name as customers know it (never a group's own), times, teacher and hall. */
export interface ClassSummary {
    startsAt: string;
    endsAt: string;
    durationMinutes: number;
    /** The class's name as customers know it: its course's. */
    title: string;
    directionId: number | null;
    directionName: string;
    teacherId: number;
    teacherName: string;
    studioId: number;
    hallName: string;
}

/** A booking of the customer's (or a ward's): their seat or place in line, and what a cancel now would be. */
export interface PortalBooking {
    id: number;
    eventId: number;
    customerId: number;
    status: 'booked' | 'waitlisted' | 'cancelled' | 'expired';
    position: number | null;
    late: boolean;
    /** Null only when the class is gone. */
    lateCancelFrom: string | null;
    lateNow: boolean;
    /** What a late cancel costs on the plan paying the seat: the visit, a fee, or nothing (null). */
    lateCancelCost?: { action: 'visit' | 'fee'; amount: number | null } | null;
    /** Whether a late cancel now would be forgiven: the customer's first in 30 days. */
    lateForgiven?: boolean;
    /** Paid by a make-up credit instead of a pass: a late cancel loses the credit (and costs nothing else). */
    makeUp?: boolean;
    /** Null only when the class is gone. */
    class: ClassSummary | null;
}

/** A class to book, with its seats, the customer's own booking or place, and why it cannot be booked now. */
export interface PortalClass extends ClassSummary {
    id: number;
    capacity: number;
    booked: number;
    waitlisted: number;
    free: number;
    booking: PortalBooking | null;
    lateCancelFrom: string;
    refusal: null | 'not_open' | 'closed';
}

export interface Named {
    id: number;
    name: string;
}

/** The penalty a late cancel made: forgiven (the first in 30 days) or to apply unless the studio waives it. */
export interface CancelPenalty {
    status: 'pending' | 'applied' | 'waived' | 'forgiven' | 'reversed';
    action: 'visit' | 'fee';
    amount: number | null;
}

/** A late cancel's or a no-show's penalty, as the customer (or their guardian) sees it. */
export interface OwnPenalty {
    id: number;
    kind: 'late_cancel' | 'no_show';
    action: 'visit' | 'fee';
    amount: number | null;
    status: 'pending' | 'applied' | 'waived' | 'forgiven' | 'reversed';
    /** When it applies unless the studio waives it (an instant). */
    appliesAt: string;
    paid: boolean;
    class: { startsAt: string; title: string } | null;
}

/** A pass as the customer sees it: visits and days left, freezing, what is due. */
export interface PortalPass {
    id: number;
    name: string;
    visitsTotal: number | null;
    visitsUsed: number;
    visitsLeft: number | null;
    startsOn: string;
    endsOn: string;
    frozenFrom: string | null;
    frozenTo: string | null;
    freezeDays: number;
    freezeDaysLeft: number;
    state: 'active' | 'frozen' | 'expired' | 'used_up' | 'cancelled' | 'not_started';
    canFreeze: boolean;
    canUnfreeze: boolean;
    balanceDue: number;
}

/** A make-up credit for an excused absence, as the customer (or their guardian) sees it. */
export interface OwnMakeUp {
    id: number;
    /** The direction whose class it books. */
    direction: string;
    /** The last day of a class it can book. */
    expiresOn: string;
    state: 'open' | 'booked' | 'used' | 'lost' | 'expired';
    /** The day of the class missed that gave it. */
    missedOn: string | null;
    /** The class it booked or was used for, or null. */
    bookedFor: string | null;
}

/** A plan as the portal sells it. */
export interface PortalPlan {
    id: number;
    name: string;
    price: number;
    visits: number | null;
    validityDays: number;
    trial: boolean;
    freezeDays: number;
    directions: string[];
    /** Sold as a membership that renews each month: started with the payer's consent, not bought. */
    autoRenew: boolean;
}
