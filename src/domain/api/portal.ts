import type { Locale } from '../statuses';
import type {
    CancelPenalty,
    Notify,
    OwnMakeUp,
    OwnPenalty,
    PortalBooking,
    PortalClass,
    PortalCustomer,
    PortalPass,
    PortalPlan,
    Named,
} from './portalViews';

export type * from './portalViews';

/*
 * The customers' portal's API (/api/portal): what each endpoint takes and answers, shared by the server's
 * routes that build the answers and the portal at /my that reads them. The records they answer are those
 * of ./portalViews, exported from here too.
 */

// Signing in, without a session: /api/portal/auth/...

/** GET /auth/setup: what the sign-in page needs of the studio. */
export interface PortalSetup {
    studioName: string;
    defaultLocale: Locale;
    currency: string;
    timezone: string;
    telegramBot: string | null;
    /** The words of the consents the sign-up form asks for, as they are recorded, in each language. */
    consentTexts: Record<'personal_data' | 'marketing', Record<Locale, string>>;
}

/** POST /auth/code and /auth/join: the same answer whoever has the login, with the wait before the next. */
export interface CodeSent {
    sent: true;
    retryAfter: number;
}

/** POST /auth/code: the e-mail or phone a code is sent to. */
export interface CodeRequest {
    login: string;
}

/** POST /auth/verify: the code for a login, and whom of several customers sharing it to sign in as. */
export interface VerifyRequest {
    login: string;
    code: string;
    customerId?: number;
}

/** POST /auth/link: a staff-made sign-in link's token. */
export interface LinkRequest {
    token: string;
}

/** POST /auth/join: a newcomer's contacts, with their consent to keeping them. */
export interface JoinRequest {
    firstName: string;
    lastName: string;
    phone: string;
    email: string;
    locale?: Locale;
    consent: true;
    /** The box for offers by message, unticked unless the person ticks it. */
    marketing?: boolean;
}

/** POST /auth/verify and /auth/link: the session's token and whom it signs in. */
export interface SignedIn {
    token: string;
    customer: PortalCustomer;
}

/** POST /auth/verify with a login several customers share: whom to sign in as, asked again with `customerId`. */
export interface ChooseCustomer {
    choose: { id: number; firstName: string; lastName: string }[];
}

export type VerifyAnswer = SignedIn | ChooseCustomer;

// The customer: /api/portal/me, /telegram, /calendar/renew.

/** `customerId`: the ward a guardian acts for; none for oneself. */
export interface Acting {
    customerId?: number;
}

/** GET /me: the signed-in customer, their wards, and their calendar feed's address. */
export interface MeAnswer {
    customer: PortalCustomer;
    wards: PortalCustomer[];
    calendarUrl: string;
}

/** PUT /me: the customer's language and messages. */
export interface ProfileChange {
    locale?: Locale;
    notify?: Notify;
}

/** PUT /me. */
export interface ProfileAnswer {
    customer: PortalCustomer;
}

/** POST /telegram (Acting): the bot's link that ties the customer's Telegram to them. */
export interface TelegramLinkAnswer {
    url: string;
    token: string;
    /** An instant. */
    expiresAt: string;
}

/** POST /calendar/renew: the feed's new address; the old one stops working. */
export interface CalendarAnswer {
    calendarUrl: string;
}

// Classes and bookings: /api/portal/classes, /bookings.

/** GET /classes?from=&to=&customerId=: the classes to book, and the directions, teachers and halls among them. */
export interface ClassesAnswer {
    classes: PortalClass[];
    directions: Named[];
    teachers: Named[];
    halls: Named[];
}

/** POST /bookings: a seat, or a place in line with `waitlist`. */
export interface BookRequest extends Acting {
    eventId: number;
    waitlist?: boolean;
}

/** POST /bookings. */
export interface BookAnswer {
    booking: PortalBooking;
}

/** GET /bookings?customerId=: the upcoming ones, the soonest first. */
export interface BookingsAnswer {
    bookings: PortalBooking[];
}

/** POST /bookings/:id/cancel: the booking cancelled, whether it was late, and the penalty that made. */
export interface CancelAnswer {
    booking: PortalBooking;
    late: boolean;
    penalty: CancelPenalty | null;
}

// Passes, penalties, plans and paying: /api/portal/passes, /penalties, /plans, /pay.

/** GET /passes?customerId=: those of the last 90 days, those that still work first; the make-up credits. */
export interface PassesAnswer {
    passes: PortalPass[];
    makeUps?: OwnMakeUp[];
}

/** POST /passes/:id/freeze: the pause's days; `dryRun` answers what it would do without doing it. */
export interface FreezeRequest {
    from: string;
    to: string;
    dryRun?: boolean;
}

/** POST /passes/:id/freeze: the pass paused, and the seats it pays inside the pause, given up. */
export interface FreezeAnswer {
    pass: PortalPass;
    cancelled: PortalBooking[];
}

/** POST /passes/:id/unfreeze. */
export interface UnfreezeAnswer {
    pass: PortalPass;
}

/** GET /penalties?customerId=: those of the last 90 days, the latest first. */
export interface PenaltiesAnswer {
    penalties: OwnPenalty[];
}

/** GET /plans?customerId=: the plans sold online, the cheapest first (the trial ones first for someone new). */
export interface PlansAnswer {
    plans: PortalPlan[];
}

/** POST /pay: what to pay, the rest of a pass or a penalty's fee owed. */
export type PayRequest = { passId: number } | { penaltyId: number };

/** POST /plans/:id/buy (Acting) and /pay: the payment link's page, a new one or the one waiting. */
export interface PaymentLinkAnswer {
    url: string;
    linkId: string;
}
