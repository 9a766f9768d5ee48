import type { Customer, Identifier, Pass, User } from '../../domain/types';
import { personName } from '../../domain/journal';
import { conflict, notFound } from '../http/errors';
import type { Transaction } from '../storage/types';

/*
 * Undoing an import: what it created goes and what it changed comes back, refused once one of its
 * records was used (a booking, a mark, a payment) or changed since.
 */

/** A record of the import that was used or changed since: named in the refusal. */
const refuseUndo = (
    ...[collection, record, reason]: ['customers', Customer, 'used' | 'changed'] | ['passes', Pass, 'used' | 'changed']
) => {
    const name = collection === 'customers' ? personName(record, 'lastFirst') : record.name;
    return conflict(
        `The import cannot be undone: ${collection} ${String(record.id)} (${name}) was ${reason} since`,
        { id: `app.import.undo_${reason}` },
        { collection, recordId: record.id as Identifier, name },
    );
};

/** Are the stored values still those the import wrote. */
const unchanged = (record: Customer | Pass, values: Record<string, unknown>) =>
    Object.entries(values).every(
        ([field, value]) =>
            JSON.stringify((record as Record<string, unknown>)[field] ?? null) === JSON.stringify(value),
    );

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
        throw refuseUndo(
            'customers',
            customers.find(found => found.id === usedCustomer)!,
            'used',
        );
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
    if (usedPass) throw refuseUndo('passes', usedPass, 'used');
    const charged = new Set(
        (passes.length ? await tx.select('attendances', { passId: [...carriedIds] }) : []).map(mark => mark.passId),
    );
    for (const pass of passes) {
        if (pass.visitsUsed > 0 || charged.has(pass.id)) throw refuseUndo('passes', pass, 'used');
        if (!unchanged(pass, written.get(`passes:${pass.id}`) ?? {})) throw refuseUndo('passes', pass, 'changed');
    }
    for (const customer of customers) {
        const values = written.get(`customers:${customer.id}`) ?? changed.get(customer.id)?.after ?? {};
        if (!unchanged(customer, values)) throw refuseUndo('customers', customer, 'changed');
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
