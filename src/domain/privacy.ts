import { hiddenValue } from './audit';
import type { Locale } from './statuses';

/*
 * Personal data under 152-ФЗ: what an erasure clears and what it keeps. A person may ask for their data
 * to be erased, and the tax law keeps payments for years: the erasure clears who the person was (name,
 * contacts, notes, messages, the values the audit trail copied) and keeps the money and visit records
 * under an anonymous card, whose status `erased` makes it read only.
 */

/** The customer status of an erased card: made by the first erasure, set by nothing else. */
export const erasedStatus = 'erased';

/** What an erased value reads as in the audit trail. */
export const erasedValue = '[erased]';

/** The erased status as the first erasure makes it in the customer statuses. */
export const erasedStatusRecord = {
    name: 'customer' as const,
    code: erasedStatus,
    labels: { en: 'Erased', ru: 'Удалён' },
    color: '#9E9E9E',
    order: 1000,
    isDefault: false,
    charges: false,
};

export const isErased = (customer: { status?: unknown } | undefined | null): boolean =>
    customer?.status === erasedStatus;

const erasedNames: Record<Locale, string> = { en: 'Erased customer', ru: 'Удалён клиент' };

/** The anonymous name an erased card takes, in the studio's language: "Erased customer" "#12". */
export const erasedName = (id: number, locale: Locale) => ({ firstName: erasedNames[locale], lastName: `#${id}` });

/**
 * The fields of each collection that hold who the person is, as records store them and as the audit
 * trail shows them (a hidden field under its public name): the erasure clears them in the records and
 * reads them as "[erased]" in the trail's entries about the person.
 */
export const personalFields: Partial<Record<string, readonly string[]>> = {
    customers: [
        'firstName',
        'lastName',
        'phone',
        'email',
        'birthDate',
        'notes',
        'source',
        'notify',
        'guardianId',
        'telegramChat',
        'telegramLink',
        'signInLink',
        'calendarFeed',
    ],
    messages: ['subject', 'text'],
    onlinePayments: ['receiptContact'],
    consents: ['ip'],
    leads: ['name', 'phone', 'email', 'childName', 'notes', 'utm', 'lostReason'],
    paymentMethods: ['title', 'expiresOn'],
    imports: ['values', 'before', 'after'],
};

type Values = Record<string, unknown>;

/** An audit entry's values with the person's fields read as "[erased]" (null and hidden markers as they were). */
export const erasedValues = (collection: string, values: Values | null): Values | null => {
    const fields = personalFields[collection];
    if (!values || !fields) return values;
    const copy: Values = { ...values };
    for (const field of fields)
        if (field in copy && copy[field] != null && copy[field] !== hiddenValue) copy[field] = erasedValue;
    return copy;
};

/** What keeps a card from being erased now: each kind with what it names. */
export type EraseBlocker =
    | { kind: 'membership'; ids: number[] }
    | { kind: 'booking'; ids: number[] }
    | { kind: 'waitlist'; ids: number[] }
    | { kind: 'debt'; amount: number }
    | { kind: 'unpaid_visits'; count: number }
    | { kind: 'payment_in_progress'; ids: string[] }
    | { kind: 'ward'; ids: number[] };

/** The confirmation an admin types: the card's last name, whatever its case and the spaces around it. */
export const confirmsErasure = (confirm: unknown, lastName: string): boolean =>
    typeof confirm === 'string' && confirm.trim().toLocaleLowerCase() === lastName.trim().toLocaleLowerCase();
