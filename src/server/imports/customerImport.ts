import {
    guessMapping,
    readRow,
    statusSynonyms,
    type ImportContext,
    type ImportedCustomer,
    type ImportField,
    type ImportMapping,
} from '../../domain/imports';
import type { Customer, Identifier, Import, Subscription, User } from '../../domain/types';
import { personName } from '../../domain/journal';
import { conflict, notFound } from '../http/errors';
import type { Reader, Row, Transaction } from '../storage/types';
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
const carriedOver = 'carried over';

/** The customer fields a row may set. */
const customerFields = [
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
const identity: string[] = ['firstName', 'lastName', 'fullName', 'phone'];

/** The import fields whose cells set each customer field (a name may come from the full name). */
const setBy: Record<(typeof customerFields)[number], ImportField[]> = {
    firstName: ['firstName', 'fullName'],
    lastName: ['lastName', 'fullName'],
    phone: ['phone'],
    email: ['email'],
    birthDate: ['birthDate'],
    status: ['status'],
    source: ['source'],
    notes: ['notes'],
};

export interface ImportRowError {
    row: number;
    field: string;
    message: string;
    params?: Record<string, string | number>;
}

/** A pass a row carries over: of the plan, with the visits left, until its end. */
interface CarriedPass {
    subscriptionId: Identifier;
    visitsLeft: number | null;
    endsOn: string;
}

type Action =
    | { kind: 'create'; line: number; customer: ImportedCustomer; pass?: CarriedPass }
    | { kind: 'update'; line: number; id: Identifier; changes: Partial<ImportedCustomer>; pass?: CarriedPass };

/** What an import would do: the columns as read, the counts, every row's problem, and the writes. */
export interface ImportPlan {
    encoding: string;
    separator: string;
    columns: { header: string; field: ImportField | null }[];
    rows: { create: number; update: number; skip: number };
    passes: number;
    errors: ImportRowError[];
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

/**
 * What importing `file` would do, read with the columns `chosen` (or those guessed from its headers):
 * nothing is written. A row matches an existing customer by its phone (E.164) or e-mail; matching two is
 * an error, as is a second row for someone an earlier row of the file already has.
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
    const phones = [...new Set(read.map(row => row.customer.phone).filter(phone => phone.startsWith('+')))];
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

    const errors: ImportRowError[] = [];
    const actions: Action[] = [];
    const rows = { create: 0, update: 0, skip: 0 };
    let passes = 0;
    // The rows already read, by phone and e-mail: the line of the first row of each.
    const seen = new Map<string, number>();
    read.forEach((row, index) => {
        const cells = file.rows[index].cells;
        const { customer } = row;
        // A row that matches a customer by e-mail updates what its cells say: the name and phone it
        // leaves empty are the card's, not missing.
        const updatesByEmail =
            row.errors.length > 0 &&
            row.errors.every(error => error.message === 'ra.validation.required' && identity.includes(error.field)) &&
            customer.email !== null &&
            byEmail.some(found => found.email === customer.email);
        if (row.errors.length && !updatesByEmail) {
            for (const error of row.errors) errors.push({ row: row.line, ...error });
            return;
        }
        const keys = [
            ...(updatesByEmail ? [] : [`phone:${customer.phone}`]),
            ...(customer.email ? [`email:${customer.email}`] : []),
        ];
        const earlier = keys.map(key => seen.get(key)).find(line => line !== undefined);
        if (earlier !== undefined) {
            errors.push({
                row: row.line,
                field: keys[0] && seen.has(keys[0]) && keys[0].startsWith('phone:') ? 'phone' : 'email',
                message: 'app.import.duplicate_row',
                params: { line: earlier },
            });
            return;
        }
        keys.forEach(key => seen.set(key, row.line));
        const matches = [
            ...new Map(
                [
                    ...byPhone.filter(found => !updatesByEmail && found.phone === customer.phone),
                    ...byEmail.filter(found => customer.email !== null && found.email === customer.email),
                ].map(found => [found.id, found]),
            ).values(),
        ];
        if (matches.length > 1) {
            errors.push({
                row: row.line,
                field: 'phone',
                message: 'app.import.two_customers',
                params: { names: matches.map(found => personName(found, 'lastFirst')).join(', ') },
            });
            return;
        }
        const plan = row.pass && planNamed(plans, row.pass.plan);
        if (row.pass && plan && plan.visits !== null && row.pass.visitsLeft === null) {
            errors.push({ row: row.line, field: 'visitsLeft', message: 'ra.validation.required' });
            return;
        }
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
            rows.create++;
            if (pass) passes++;
            return;
        }
        // Only what the row says changes: an empty cell keeps what the card has.
        const changes: Partial<ImportedCustomer> = {};
        for (const field of customerFields)
            if (
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
        if (!Object.keys(changes).length && !carried) {
            rows.skip++;
            return;
        }
        actions.push({ kind: 'update', line: row.line, id: match.id, changes, pass: carried });
        rows.update++;
        if (carried) passes++;
    });
    return {
        encoding: file.encoding,
        separator: file.separator,
        columns: file.headers.map(header => ({ header, field: mapping[header] || null })),
        rows,
        passes,
        errors,
        actions,
    };
};

/** The pass record a row carries over, given from today (or its last day, when that is today). */
const passRecord = (pass: CarriedPass, plan: Subscription, customerId: Identifier, today: string) => ({
    customerId,
    subscriptionId: plan.id,
    name: plan.name,
    price: 0,
    discountReason: carriedOver,
    visitsTotal: pass.visitsLeft,
    directionIds: plan.directionIds,
    startsOn: today < pass.endsOn ? today : pass.endsOn,
    endsOn: pass.endsOn,
    frozenFrom: null,
    frozenTo: null,
    cancelled: false,
    paymentId: null,
    visitsUsed: 0,
});

/** The values of a record named by `fields`, for the import's account. */
const valuesOf = (record: Row, fields: readonly string[]) =>
    Object.fromEntries(fields.map(field => [field, record[field] ?? null]));

/**
 * Applies a plan in `tx`: creates, updates, carries passes over, and records the import with what undoing
 * it needs. Answers the import as stored.
 */
export const applyImport = async (
    tx: Transaction,
    plan: ImportPlan,
    fileName: string,
    user: Pick<User, 'id' | 'name'>,
    now: Date,
): Promise<Import> => {
    const today = (await studioNow(tx, now)).slice(0, 10);
    const plans = new Map((await tx.select('subscriptions')).map(found => [found.id, found]));
    const updated: Import['updated'] = [];
    // The new customers in one write, then their passes and the others' in another: an import of
    // thousands of rows is a few statements, not thousands.
    const creates = plan.actions.filter(action => action.kind === 'create');
    const customers = await tx.insertMany(
        'customers',
        creates.map(action => ({
            ...action.customer,
            locale: null,
            notify: null,
            guardianId: null,
            telegramLinked: false,
            consentAt: null,
        })) as never[],
    );
    const carried: { pass: CarriedPass; customerId: Identifier }[] = [];
    creates.forEach((action, index) => {
        if (action.pass) carried.push({ pass: action.pass, customerId: customers[index].id });
    });
    for (const action of plan.actions) {
        if (action.kind !== 'update') continue;
        const current = await tx.get('customers', action.id);
        if (!current) continue;
        const fields = Object.keys(action.changes);
        if (fields.length) {
            const stored = await tx.update('customers', { ...current, ...action.changes } as Customer);
            updated.push({
                id: action.id,
                before: valuesOf(current as Row, fields),
                after: valuesOf(stored as Row, fields),
            });
        }
        if (action.pass) carried.push({ pass: action.pass, customerId: action.id });
    }
    const passRecords = carried.flatMap(({ pass, customerId }) => {
        const of = plans.get(pass.subscriptionId);
        return of ? [passRecord(pass, of, customerId, today)] : [];
    });
    const passes = await tx.insertMany('passes', passRecords as never[]);
    const passFields = passRecords.length ? Object.keys(passRecords[0]) : [];
    const created: Import['created'] = [
        ...customers.map(stored => ({
            collection: 'customers' as const,
            id: stored.id,
            values: valuesOf(stored as Row, customerFields),
        })),
        ...passes.map(stored => ({
            collection: 'passes' as const,
            id: stored.id,
            values: valuesOf(stored as Row, passFields),
        })),
    ];
    return tx.insert('imports', {
        fileName,
        createdBy: user.id,
        createdByName: user.name,
        counts: { ...plan.rows, errors: plan.errors.length, passes: plan.passes },
        errors: plan.errors,
        created,
        updated,
        undoneAt: null,
        undoneBy: null,
    });
};

/** A record of the import that was used or changed since: named in the refusal. */
const refuseUndo = (collection: string, record: Row, reason: 'used' | 'changed') => {
    const name =
        collection === 'customers'
            ? personName(record as unknown as Customer, 'lastFirst')
            : String(record.name ?? record.id);
    return conflict(
        `The import cannot be undone: ${collection} ${String(record.id)} (${name}) was ${reason} since`,
        { id: `app.import.undo_${reason}` },
        { collection, recordId: record.id as Identifier, name },
    );
};

/** Are the stored values still those the import wrote. */
const unchanged = (record: Row, values: Record<string, unknown>) =>
    Object.entries(values).every(([field, value]) => JSON.stringify(record[field] ?? null) === JSON.stringify(value));

/**
 * Undoes an import in `tx`: removes the passes and customers it created and puts back what it changed,
 * refused (409, naming the record) when one of them was used (a booking, a mark, a payment, a visit) or
 * changed since. Answers the import, marked undone.
 */
export const undoImport = async (tx: Transaction, id: Identifier, user: Pick<User, 'id'>, now: Date) => {
    const done = await tx.get('imports', id);
    if (!done) throw notFound(`imports ${id} does not exist`);
    if (done.undoneAt) throw conflict('This import was undone already', { id: 'app.import.undone_already' });
    // What it wrote, by collection and id: each record is looked up once, whatever the file's length.
    const written = new Map(done.created.map(entry => [`${entry.collection}:${entry.id}`, entry.values]));
    const changed = new Map(done.updated.map(entry => [entry.id, entry]));
    const idsOf = (collection: 'customers' | 'passes') =>
        done.created.filter(entry => entry.collection === collection).map(entry => entry.id);
    const createdIds = new Set(idsOf('customers'));
    const [customers, passes] = await Promise.all([
        tx.getMany('customers', [...createdIds, ...changed.keys()]),
        tx.getMany('passes', idsOf('passes')),
    ]);
    const carriedIds = new Set(passes.map(pass => pass.id));
    // Used: anything of the studio's names a customer it created (a booking, a mark, a payment, another
    // pass, a payment link, a penalty, a make-up, a ward, a group), or a pass it carried over. Messages the
    // server queued them (a pass about to end) go with them.
    const newIds = [...createdIds];
    const byCustomer = newIds.length
        ? await Promise.all([
              tx.select('bookings', { customerId: newIds }),
              tx.select('attendances', { customerId: newIds }),
              tx.select('payments', { customerId: newIds }),
              tx.select('passes', { customerId: newIds }).then(all => all.filter(pass => !carriedIds.has(pass.id))),
              tx.select('paymentLinks', { customerId: newIds }),
              tx.select('penalties', { customerId: newIds }),
              tx.select('makeUps', { customerId: newIds }),
              tx.select('onlinePayments', { customerId: newIds }),
          ])
        : [];
    const wards = newIds.length ? await tx.select('customers', { guardianId: newIds }) : [];
    const members = newIds.length
        ? (await tx.select('schedules')).flatMap(schedule => schedule.customerIds.filter(id => createdIds.has(id)))
        : [];
    const usedCustomer = [
        ...byCustomer.flat().map(record => record.customerId),
        ...wards.map(ward => ward.guardianId as Identifier),
        ...members,
    ].find(customerId => createdIds.has(customerId));
    if (usedCustomer !== undefined)
        throw refuseUndo('customers', customers.find(found => found.id === usedCustomer) as unknown as Row, 'used');
    const carriedList = [...carriedIds];
    const byPass = carriedList.length
        ? (
              await Promise.all([
                  tx.select('bookings', { passId: carriedList }),
                  tx.select('payments', { passId: carriedList }),
                  tx.select('paymentLinks', { passId: carriedList }),
                  tx.select('penalties', { passId: carriedList }),
              ])
          ).flat()
        : [];
    const usedPass = passes.find(pass => byPass.some(record => record.passId === pass.id));
    if (usedPass) throw refuseUndo('passes', usedPass as unknown as Row, 'used');
    const charged = new Set(
        (passes.length ? await tx.select('attendances', { passId: [...carriedIds] }) : []).map(mark => mark.passId),
    );
    for (const pass of passes) {
        if (pass.visitsUsed > 0 || charged.has(pass.id)) throw refuseUndo('passes', pass as unknown as Row, 'used');
        if (!unchanged(pass as unknown as Row, written.get(`passes:${pass.id}`) ?? {}))
            throw refuseUndo('passes', pass as unknown as Row, 'changed');
    }
    for (const customer of customers) {
        const values = written.get(`customers:${customer.id}`) ?? changed.get(customer.id)?.after ?? {};
        if (!unchanged(customer as unknown as Row, values))
            throw refuseUndo('customers', customer as unknown as Row, 'changed');
    }
    // What it made goes in a few statements, whatever the file's length.
    if (newIds.length)
        await tx.removeMany(
            'messages',
            (await tx.select('messages', { customerId: newIds })).map(message => message.id),
        );
    await tx.removeMany(
        'passes',
        passes.map(pass => pass.id),
    );
    await tx.removeMany('customers', newIds);
    for (const customer of customers)
        if (!createdIds.has(customer.id))
            await tx.update('customers', { ...customer, ...changed.get(customer.id)?.before } as Customer);
    return tx.update('imports', { ...done, undoneAt: now.toISOString(), undoneBy: user.id });
};
