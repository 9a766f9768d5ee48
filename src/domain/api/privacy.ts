import type { EraseBlocker } from '../privacy';

/*
 * Personal data over HTTP: the export of what is held about a person, the erasure an admin makes, and
 * the request a customer makes in the portal.
 */

type Row = Record<string, unknown>;

/** One person's records, each list in id order, with only the fields admins read (no token or hash). */
export interface PersonData {
    customer: Row;
    passes: Row[];
    payments: Row[];
    bookings: Row[];
    attendances: Row[];
    penalties: Row[];
    makeUps: Row[];
    messages: Row[];
    consents: Row[];
    memberships: Row[];
    charges: Row[];
    paymentMethods: Row[];
    onlinePayments: Row[];
    paymentLinks: Row[];
    tasks: Row[];
    leads: Row[];
    auditEntries: Row[];
}

/** GET /api/customers/:id/export (admins) and GET /api/portal/me/export (the customer). */
export interface PersonalDataExport {
    exportedAt: string;
    studioName: string;
    person: PersonData;
    /** The customers whose guardian the person is. */
    wards: PersonData[];
}

/** POST /api/customers/:id/erase. */
export interface EraseRequest {
    /** The card's last name, as the admin types it to confirm. */
    confirm: string;
}

/** The 409 of an erasure refused while something is open. */
export interface EraseBlockedAnswer {
    message: string;
    reason: 'erase_blocked';
    blockers: EraseBlocker[];
}

/** POST /api/portal/me/erase, and the request still open in GET /api/portal/consents. */
export interface ErasureRequest {
    requestedAt: string;
    /** When the studio answers by: 30 days after the request. */
    dueAt: string;
}

export interface ErasureRequestAnswer extends ErasureRequest {
    taskId: number;
}

export type { EraseBlocker } from '../privacy';
