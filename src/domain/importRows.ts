import { e164Phone } from './phones';
import { customerFields, hasContact } from './schemas';
import { issueMessage, nulMessage } from './validation';
import type { ImportField, ImportMapping } from './importColumns';
import { nameKey, parseDate, splitFullName } from './importValues';

/*
 * Each row of an imported file read into a customer and the pass they still have, with its problems;
 * whether the customer is already in the database is the server's to find.
 */

/** What a row is read against: the studio's country, statuses and plans, and today. */
export type ImportContext = {
    /** ISO 3166 code, to read phones written without their country code. */
    country: string;
    /** The customer statuses: `id` is the code stored, `names` what people call it (its labels in every language). */
    statuses: { id: string; names: string[] }[];
    /** The code a customer gets when the row names no status. */
    defaultStatus: string;
    /** The plans' names, compared without case. */
    plans: string[];
    /** `YYYY-MM-DD` in the studio: a pass that ended before it is not carried over. */
    today: string;
};

/** The customer a row makes: its values as the database keeps them, or as written where they are wrong. */
export type ImportedCustomer = {
    firstName: string;
    lastName: string;
    /** None when the row gives an e-mail instead. */
    phone: string | null;
    email: string | null;
    birthDate: string | null;
    status: string;
    source: string | null;
    notes: string | null;
};

/** The pass a customer still has: the plan's name as the studio writes it, visits left (null when not counted), and its last day. */
export type ImportedPass = { plan: string; visitsLeft: number | null; endDate: string };

/** A problem of a row: the field at fault, an i18n key and what it names (the value left out). */
export type ImportError = { field: Exclude<ImportField, ''>; message: string; params?: Record<string, string> };

/**
 * A row read: the customer, the pass they still have, and the row's problems. A pass the row names that
 * has ended before today, or has no visits left, is not carried over, and `passDropped` says why.
 */
export type ImportedRow = {
    customer: ImportedCustomer;
    pass?: ImportedPass;
    passDropped?: 'ended' | 'used_up';
    errors: ImportError[];
    /** What was left out of a row that is imported all the same (a birth date that cannot be read). */
    warnings?: ImportError[];
};

/** The app's CSV export prefixes text that looks like a formula with a quote (src/domain/csv.ts): taken off again. */
const formulaQuote = /^'(?=[=+\-@\t\r])/;

/** Visits left written as "unlimited" (or not written): the pass does not count them. */
const uncounted = /^(безлимит(ный)?|без ограничений|unlimited|∞)$/;

const importedFields = {
    firstName: true,
    lastName: true,
    phone: true,
    email: true,
    birthDate: true,
    status: true,
    source: true,
    notes: true,
} as const;
const importedCustomerSchema = customerFields.pick(importedFields);

/**
 * One row of the file read into a customer and the pass they still have, with every problem found: an
 * empty list means the row can be imported as it is. Columns are chosen by their header in `mapping`;
 * two columns of one field, the first counts. Names come from the last and first name columns, or from
 * the full name where those are empty. A pass comes with a plan, its visits left and its end date; one
 * that has ended before today or has no visits left is simply not carried over (`passDropped`).
 */
export const readRow = (
    cells: string[],
    headers: string[],
    mapping: ImportMapping,
    context: ImportContext,
): ImportedRow => {
    const errors: ImportError[] = [];
    const fail = (field: ImportError['field'], message: string) => {
        if (!errors.some(error => error.field === field)) errors.push({ field, message });
    };
    const columns = new Map<ImportField, number>();
    headers.forEach((header, index) => {
        const field = mapping[header];
        if (field && !columns.has(field)) columns.set(field, index);
    });
    const cell = (field: Exclude<ImportField, ''>): string => {
        const index = columns.get(field);
        const text = index === undefined ? '' : (cells[index] ?? '').trim().replace(formulaQuote, '');
        if (text.includes('\u0000')) {
            fail(field, nulMessage);
            return '';
        }
        return text;
    };

    const warnings: ImportError[] = [];
    // The whole name's column, in the order its header says; the last and first name columns come first.
    const fullColumn = columns.has('fullName') ? 'fullName' : 'fullNameFirstLast';
    const full = splitFullName(cell(fullColumn), fullColumn === 'fullName' ? 'lastFirst' : 'firstLast');
    const lastNameText = cell('lastName');
    const firstNameText = cell('firstName');
    // A name taken from the full name is that column's to fix.
    const nameFields = {
        lastName: lastNameText || !columns.has(fullColumn) ? 'lastName' : fullColumn,
        firstName: firstNameText || !columns.has(fullColumn) ? 'firstName' : fullColumn,
    } as const;

    const phoneText = cell('phone');
    const phone = phoneText ? e164Phone(phoneText, context.country) : undefined;
    if (phoneText && !phone) fail('phone', 'app.validation.phone');

    // A birth date is a detail: one that cannot be read is left out, and the row imported without it.
    const birthDateText = cell('birthDate');
    const birthDate = birthDateText ? parseDate(birthDateText, { today: context.today }) : undefined;
    if (birthDateText && !birthDate)
        warnings.push({
            field: 'birthDate',
            message: 'app.import.birth_date_dropped',
            params: { value: birthDateText },
        });

    const statusText = cell('status');
    const status = statusText
        ? context.statuses.find(
              known =>
                  nameKey(known.id) === nameKey(statusText) ||
                  known.names.some(name => nameKey(name) === nameKey(statusText)),
          )?.id
        : context.defaultStatus;
    if (!status) fail('status', 'app.import.unknown_status');

    const email = cell('email').toLowerCase();
    const customer: ImportedCustomer = {
        firstName: firstNameText || full.firstName || '',
        lastName: lastNameText || full.lastName || '',
        phone: phone ?? (phoneText || null),
        email: email || null,
        birthDate: birthDate ?? null,
        status: status ?? statusText,
        source: cell('source') || null,
        notes: cell('notes') || null,
    };
    const checked = importedCustomerSchema.safeParse(customer);
    if (checked.success) Object.assign(customer, checked.data);
    else
        for (const issue of checked.error.issues) {
            const field = String(issue.path[0]) as keyof ImportedCustomer;
            fail(field === 'firstName' || field === 'lastName' ? nameFields[field] : field, issueMessage(issue));
        }
    // The studio must reach them: a phone or an e-mail (a file names no guardian).
    if (!phoneText && !hasContact(customer) && !errors.some(error => error.field === 'email'))
        fail('phone', 'app.validation.contact');

    return { customer, ...passOf(cell, fail, context), errors, ...(warnings.length && { warnings }) };
};

/** The pass of a row when it names one still running, or why it is left out; its problems go to `fail`. */
const passOf = (
    cell: (field: 'plan' | 'visitsLeft' | 'passEnds') => string,
    fail: (field: ImportError['field'], message: string) => void,
    context: ImportContext,
): Pick<ImportedRow, 'pass' | 'passDropped'> => {
    let faults = 0;
    const failPass = (field: ImportError['field'], message: string) => {
        faults++;
        fail(field, message);
    };
    const planText = cell('plan');
    const visitsText = cell('visitsLeft');
    const endsText = cell('passEnds');
    if (!planText) {
        if (visitsText || endsText) failPass('plan', 'ra.validation.required');
        return {};
    }
    const plan = context.plans.find(name => nameKey(name) === nameKey(planText));
    if (!plan) failPass('plan', 'app.import.unknown_plan');

    let visitsLeft: number | null = null;
    if (/^\d+$/.test(visitsText)) visitsLeft = Number(visitsText);
    else if (/^-\d+$/.test(visitsText)) failPass('visitsLeft', 'app.validation.not_negative');
    else if (visitsText && !uncounted.test(nameKey(visitsText))) failPass('visitsLeft', 'app.validation.integer');
    if (visitsLeft !== null && visitsLeft > 10_000) failPass('visitsLeft', 'app.validation.too_large');

    const endDate = endsText ? parseDate(endsText, { today: context.today, future: true }) : undefined;
    if (!endsText) failPass('passEnds', 'ra.validation.required');
    else if (!endDate) failPass('passEnds', 'app.validation.date');

    if (!plan || !endDate || faults > 0) return {};
    if (endDate < context.today) return { passDropped: 'ended' };
    if (visitsLeft === 0) return { passDropped: 'used_up' };
    return { pass: { plan, visitsLeft, endDate } };
};
