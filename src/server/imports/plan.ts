import {
    guessMapping,
    readRow,
    rowPerson,
    sameName,
    statusSynonyms,
    type ImportContext,
    type ImportedCustomer,
    type ImportField,
    type ImportLine,
    type ImportMapping,
    type ImportRowProblem,
} from '../../domain/imports';
import type { Customer, Identifier, Subscription } from '../../domain/types';
import { personName } from '../../domain/journal';
import type { Reader, Row } from '../storage/types';
import { studioConfig, studioNow } from '../rules/studio';
import type { CsvFile } from './readCsv';

/*
 * Importing customers and the passes they still have from another system's CSV file: the plan of what
 * each row does (create a customer, update the one it matches by phone or e-mail, skip one already as
 * the row says, or an error), applied in one transaction and recorded in `imports` with what undoing it
 * needs. Undoing removes what it created and puts back what it changed, refused once one of its records
 * was used (a booking, a mark, a payment) or changed since.
 */

/** What a carried-over pass says it was given for: nothing was paid here. */
export const carriedOver = 'carried over';

/** The customer fields a row may set. */
export const customerFields = [
    'firstName',
    'lastName',
    'phone',
    'email',
    'birthDate',
    'status',
    'source',
    'notes',
] as const satisfies readonly (keyof ImportedCustomer)[];

/** What a new customer must have, and a row updating one found by e-mail may leave empty. */
const identity: string[] = ['firstName', 'lastName', 'fullName', 'fullNameFirstLast', 'phone'];

/** The import fields whose cells set each customer field (a name may come from a whole name's column). */
const setBy: Record<(typeof customerFields)[number], ImportField[]> = {
    firstName: ['firstName', 'fullName', 'fullNameFirstLast'],
    lastName: ['lastName', 'fullName', 'fullNameFirstLast'],
    phone: ['phone'],
    email: ['email'],
    birthDate: ['birthDate'],
    status: ['status'],
    source: ['source'],
    notes: ['notes'],
};

/** A pass a row carries over: of the plan, with the visits left, until its end. */
export interface CarriedPass {
    subscriptionId: Identifier;
    visitsLeft: number | null;
    endsOn: string;
}

type Action =
    | { kind: 'create'; line: number; customer: ImportedCustomer; pass?: CarriedPass }
    | { kind: 'update'; line: number; id: Identifier; changes: Partial<ImportedCustomer>; pass?: CarriedPass };

/**
 * What an import would do: the columns as read, the counts, what it does with each row it takes (to
 * review before importing), every row's problem and warning, and the writes.
 */
export interface ImportPlan {
    encoding: string;
    separator: string;
    columns: { header: string; field: ImportField | null }[];
    rows: { create: number; update: number; skip: number };
    passes: number;
    lines: ImportLine[];
    errors: ImportRowProblem[];
    warnings: ImportRowProblem[];
    actions: Action[];
}

/** What the file's rows are read against: the studio's country, customer statuses, plans and today. */
const contextOf = async (reader: Reader, now: Date): Promise<{ context: ImportContext; plans: Subscription[] }> => {
    const [config, statuses, plans, local] = await Promise.all([
        studioConfig(reader),
        reader.select('statuses', { name: 'customer' }),
        reader.select('subscriptions'),
        studioNow(reader, now),
    ]);
    return {
        plans,
        context: {
            country: config.country ?? 'RU',
            statuses: statuses.map(status => ({
                id: status.code,
                names: [
                    ...Object.values(status.labels).filter((label): label is string => !!label),
                    ...(statusSynonyms[status.code] ?? []),
                ],
            })),
            defaultStatus: statuses.find(status => status.isDefault)?.code ?? statuses[0]?.code ?? 'active',
            plans: plans.map(plan => plan.name),
            today: local.slice(0, 10),
        },
    };
};

/** The plan of a name, an active one first when two share it. */
const planNamed = (plans: Subscription[], name: string) =>
    plans.filter(plan => plan.name === name).sort((a, b) => Number(b.active) - Number(a.active))[0];

const namesOf = (customers: Customer[]) => customers.map(found => personName(found, 'lastFirst')).join(', ');

/**
 * What importing `file` would do, read with the columns `chosen` (or those guessed from its headers):
 * nothing is written. A row is an existing customer when it has their phone (E.164) and their name, or
 * their e-mail; another name on a known phone is a conflict to review, never merged; matching two
 * customers is an error, as is a second row for someone an earlier row of the file already has.
 */
export const planImport = async (
    reader: Reader,
    file: CsvFile,
    chosen: ImportMapping | undefined,
    now: Date,
): Promise<ImportPlan> => {
    const mapping = chosen ?? guessMapping(file.headers);
    const { context, plans } = await contextOf(reader, now);
    const read = file.rows.map(row => ({ line: row.line, ...readRow(row.cells, file.headers, mapping, context) }));
    // The customers the rows may match, in two reads whatever the file's length.
    const phones = [...new Set(read.flatMap(row => (row.customer.phone?.startsWith('+') ? [row.customer.phone] : [])))];
    const emails = [...new Set(read.flatMap(row => (row.customer.email ? [row.customer.email] : [])))];
    const [byPhone, byEmail] = await Promise.all([
        phones.length ? reader.select('customers', { phone: phones }) : [],
        emails.length ? reader.select('customers', { email: emails }) : [],
    ]);
    const passesOf = new Map<Identifier, { subscriptionId: Identifier; endsOn: string }[]>();
    const matchedIds = [...new Set([...byPhone, ...byEmail].map(customer => customer.id))];
    if (matchedIds.length)
        for (const pass of await reader.select('passes', { customerId: matchedIds }))
            passesOf.set(pass.customerId, [...(passesOf.get(pass.customerId) ?? []), pass]);

    const columnOf = new Map<ImportField, number>();
    file.headers.forEach((header, index) => {
        const field = mapping[header];
        if (field && !columnOf.has(field)) columnOf.set(field, index);
    });
    const filled = (cells: string[], field: ImportField) => {
        const index = columnOf.get(field);
        return index !== undefined && (cells[index] ?? '').trim() !== '';
    };

    const errors: ImportRowProblem[] = [];
    const warnings: ImportRowProblem[] = [];
    const lines: ImportLine[] = [];
    const actions: Action[] = [];
    const rows = { create: 0, update: 0, skip: 0 };
    let passes = 0;
    // The rows already read, by phone and e-mail: the first row of each.
    const seen = new Map<string, { line: number; customer: ImportedCustomer }>();
    read.forEach((row, index) => {
        const cells = file.rows[index].cells;
        const { customer } = row;
        const name = rowPerson(customer);
        const fail = (problem: Omit<ImportRowProblem, 'row' | 'name'>) =>
            errors.push({ row: row.line, name, ...problem });
        // A row that matches a customer by e-mail updates what its cells say: the name and phone it
        // leaves empty are the card's, not missing.
        const updatesByEmail =
            row.errors.length > 0 &&
            row.errors.every(error => error.message === 'ra.validation.required' && identity.includes(error.field)) &&
            customer.email !== null &&
            byEmail.some(found => found.email === customer.email);
        if (row.errors.length && !updatesByEmail) {
            for (const error of row.errors) fail(error);
            return;
        }
        const phoneKey = !updatesByEmail && customer.phone ? `phone:${customer.phone}` : undefined;
        const keys = [...(phoneKey ? [phoneKey] : []), ...(customer.email ? [`email:${customer.email}`] : [])];
        // On its phone: the same person only under the same name.
        const onPhone = phoneKey ? byPhone.filter(found => found.phone === customer.phone) : [];
        const samePerson = onPhone.filter(found => sameName(customer, found));
        // Another name on a known phone: the same person, or someone of their family? Never merged.
        if (!samePerson.length && onPhone.length) {
            fail({ field: 'phone', message: 'app.import.phone_of_another', params: { names: namesOf(onPhone) } });
            return;
        }
        const earlierKey = keys.find(key => seen.has(key));
        if (earlierKey) {
            const earlier = seen.get(earlierKey)!;
            // Another name on the phone of an earlier row: the same family, or a mistake, for a person to decide.
            const otherPerson = earlierKey === phoneKey && !sameName(customer, earlier.customer);
            fail({
                field: earlierKey === phoneKey ? 'phone' : 'email',
                message: otherPerson ? 'app.import.phone_of_row' : 'app.import.duplicate_row',
                params: { line: earlier.line, ...(otherPerson && { names: rowPerson(earlier.customer) }) },
            });
            return;
        }
        keys.forEach(key => seen.set(key, { line: row.line, customer }));
        const matches = [
            ...new Map(
                [
                    ...samePerson,
                    ...byEmail.filter(found => customer.email !== null && found.email === customer.email),
                ].map(found => [found.id, found]),
            ).values(),
        ];
        if (matches.length > 1) {
            fail({ field: 'phone', message: 'app.import.two_customers', params: { names: namesOf(matches) } });
            return;
        }
        const plan = row.pass && planNamed(plans, row.pass.plan);
        if (row.pass && plan && plan.visits !== null && row.pass.visitsLeft === null) {
            fail({ field: 'visitsLeft', message: 'ra.validation.required' });
            return;
        }
        for (const warning of row.warnings ?? []) warnings.push({ row: row.line, name, ...warning });
        const pass: CarriedPass | undefined =
            row.pass && plan
                ? {
                      subscriptionId: plan.id,
                      // An unlimited plan counts no visits, whatever the file says.
                      visitsLeft: plan.visits === null ? null : row.pass.visitsLeft,
                      endsOn: row.pass.endDate,
                  }
                : undefined;
        const match = matches[0];
        if (!match) {
            actions.push({ kind: 'create', line: row.line, customer, pass });
            lines.push({
                row: row.line,
                action: 'create',
                name,
                phone: customer.phone,
                email: customer.email,
                ...(pass && { pass: plan!.name }),
            });
            rows.create++;
            if (pass) passes++;
            return;
        }
        // Only what the row says changes: an empty cell keeps what the card has, and a name written
        // otherwise (its case, ё, the order) stays as the card has it.
        const changes: Partial<ImportedCustomer> = {};
        const keepsName = sameName(customer, match);
        for (const field of customerFields)
            if (
                !(keepsName && (field === 'firstName' || field === 'lastName')) &&
                setBy[field].some(source => filled(cells, source)) &&
                customer[field] !== ((match as Row)[field] ?? null)
            )
                Object.assign(changes, { [field]: customer[field] });
        // A pass the customer already has (the same plan and end) is not carried over twice.
        const carried =
            pass &&
            !(passesOf.get(match.id) ?? []).some(
                held => held.subscriptionId === pass.subscriptionId && held.endsOn === pass.endsOn,
            )
                ? pass
                : undefined;
        const seenAs = {
            row: row.line,
            name: personName(match, 'lastFirst'),
            phone: match.phone ?? null,
            email: match.email ?? null,
            customerId: match.id,
        };
        if (!Object.keys(changes).length && !carried) {
            lines.push({ ...seenAs, action: 'skip' });
            rows.skip++;
            return;
        }
        actions.push({ kind: 'update', line: row.line, id: match.id, changes, pass: carried });
        lines.push({
            ...seenAs,
            action: 'update',
            fields: Object.keys(changes),
            ...(carried && { pass: plan!.name }),
        });
        rows.update++;
        if (carried) passes++;
    });
    return {
        encoding: file.encoding,
        separator: file.separator,
        columns: file.headers.map(header => ({ header, field: mapping[header] || null })),
        rows,
        passes,
        lines,
        errors,
        warnings,
        actions,
    };
};
