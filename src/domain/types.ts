import type { z } from 'zod';
import type { SignInHold } from './signInLimits';
import type {
    attendanceSchema,
    auditEntrySchema,
    configSchema,
    courseSchema,
    customerSchema,
    directionSchema,
    eventSchema,
    passSchema,
    payPeriodSchema,
    paymentLinkPurposes,
    paymentLinkStatuses,
    paymentSchema,
    roles,
    scheduleSchema,
    statusSchema,
    studioSchema,
    subscriptionSchema,
    userSchema,
} from './schemas';

export type Identifier = number;
export type Role = (typeof roles)[number];

interface Stored {
    id: Identifier;
    createdAt: string;
}

/** A user as admins read it: `signInHold` (server-owned) only when the account was held after many failed sign-ins. */
export type User = Stored & Omit<z.output<typeof userSchema>, 'password'> & { signInHold?: SignInHold };
export type Direction = Stored & z.output<typeof directionSchema>;
export type Studio = Stored & z.output<typeof studioSchema>;
export type Course = Stored & z.output<typeof courseSchema>;
export type Subscription = Stored & z.output<typeof subscriptionSchema>;
export type Pass = Stored & z.output<typeof passSchema> & { visitsUsed: number };
export type Customer = Stored & z.output<typeof customerSchema>;
export type Schedule = Stored & z.output<typeof scheduleSchema>;
export type Slot = Schedule['slots'][number];
export type StudioEvent = Stored & z.output<typeof eventSchema> & { slotAt?: string | null };
export type Attendance = Stored &
    z.output<typeof attendanceSchema> & {
        passId: Identifier | null;
        charged: boolean;
        unpaid: boolean;
        markedBy: Identifier;
    };
/** `createdBy`: who took the payment; null when the customer paid on the payment page themselves. */
export type Payment = Stored &
    Omit<z.output<typeof paymentSchema>, 'paidAt'> & { paidAt: string; createdBy: Identifier | null };
/** `passId`: the pass whose rest a `balance` link pays; the pass a `sale` link sold, once paid. */
export type PaymentLink = Omit<Stored, 'id'> & {
    id: string;
    customerId: Identifier;
    purpose: (typeof paymentLinkPurposes)[number];
    subscriptionId: Identifier;
    amount: number;
    description: string | null;
    status: (typeof paymentLinkStatuses)[number];
    expiresAt: string;
    paidAt: string | null;
    paymentId: Identifier | null;
    passId: Identifier | null;
};
export type Status = Stored & z.output<typeof statusSchema>;
export type Config = { id: 'general'; createdAt: string } & z.output<typeof configSchema>;
export type AuditEntry = Stored & z.output<typeof auditEntrySchema>;
/** A teacher's closed pay period (src/domain/payPeriods.ts): written by the server only. */
export type PayPeriod = Stored & z.output<typeof payPeriodSchema>;

/**
 * The stored user: the API never sends passwordHash; tokenVersion counts the revocations of all the
 * user's sign-ins ("sign out everywhere", a new password, another role); revokedSessions are sign-ins
 * ended on their own device, kept until their tokens would have expired.
 */
export type StoredUser = User & {
    passwordHash: string;
    tokenVersion?: number;
    revokedSessions?: { sid: string; until: string }[];
};

export interface Database {
    users: StoredUser[];
    directions: Direction[];
    studios: Studio[];
    courses: Course[];
    subscriptions: Subscription[];
    passes: Pass[];
    customers: Customer[];
    schedules: Schedule[];
    events: StudioEvent[];
    attendances: Attendance[];
    payments: Payment[];
    paymentLinks: PaymentLink[];
    statuses: Status[];
    configs: Config[];
    auditEntries: AuditEntry[];
    payPeriods: PayPeriod[];
}

export type CollectionName = keyof Database;
