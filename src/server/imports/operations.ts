import type { Customer, Identifier, Import, Subscription, User } from '../../domain/types';
import type { Row, Transaction } from '../storage/types';
import { studioNow } from '../rules/studio';
import { carriedOver, customerFields, type CarriedPass, type ImportPlan } from './plan';

/*
 * Importing applies a plan in one transaction and records in `imports` what undoing it needs (undoing is
 * undoImport.ts): the customers created and the ones changed with their values before, and the passes
 * carried over.
 */

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
