import { collections, referrersOf } from '../../domain/collections';
import type { CollectionName, Identifier } from '../../domain/types';
import { referencedIds, type FieldErrors } from '../../domain/validation';
import { conflict, invalidFields } from '../http/errors';
import { foreignKeyOf } from './prototypes/query';
import type { Filter, Reader, Row, Transaction } from '../storage/types';

/*
 * What every collection's write must respect, whatever its own rules: the records it refers to exist,
 * its unique keys stay unique, and a record others refer to stays. Checked inside the write's
 * transaction, so nothing slips in between check and change.
 */

/** Every referenced id exists (400 naming the field otherwise); statuses are referred to by code. */
const checkReferences = async (reader: Reader, collection: CollectionName, record: Row): Promise<FieldErrors> => {
    const errors: FieldErrors = {};
    for (const reference of collections[collection].references) {
        const values = [...new Set(referencedIds(record, reference))];
        if (!values.length) continue;
        const found = reference.statusList
            ? await reader.count('statuses', { name: reference.statusList, code: values as string[] })
            : (await reader.getMany(reference.collection, values as Identifier[])).length;
        if (found < values.length)
            errors[reference.field] = reference.statusList
                ? 'app.validation.unknown_status'
                : 'app.validation.reference';
    }
    return errors;
};

/** No other record shares the unique fields, in any letter case (409 naming the field). */
const checkUnique = async (reader: Reader, collection: CollectionName, record: Row) => {
    for (const fields of collections[collection].unique) {
        const filters: Filter[] = fields.map(field => ({
            field,
            kind: 'equals',
            values: [record[field] as string],
            caseless: true,
        }));
        const clash = (await reader.select(collection, filters)).find(other => String(other.id) !== String(record.id));
        if (clash) {
            const field = fields[fields.length - 1];
            throw conflict(`Another record of ${collection} already has this ${fields.join(' and ')}`, {
                [field]: 'app.validation.unique',
            });
        }
    }
};

/**
 * Which collections refer to a record, and how many of their records do: the studio's by their
 * references, and prototypes as json-server links records (`customerId` refers to a customer).
 */
export const referringRecords = async (reader: Reader, collection: CollectionName, record: Row) => {
    const found: { collection: string; field: string; count: number }[] = [];
    for (const { collection: name, reference } of referrersOf(collection)) {
        if (reference.statusList && record.name !== reference.statusList) continue;
        const count = await reader.count(name, {
            [reference.field]: (reference.statusList ? record.code : record.id) as string,
        });
        if (count > 0) found.push({ collection: name, field: reference.field, count });
    }
    const field = foreignKeyOf(collection);
    for (const prototype of await reader.prototypeReferrers(field, record.id)) found.push({ ...prototype, field });
    return found;
};

/** Checks a record to store against the others and the collection's rules, inside the transaction. */
export const checkWrite = async (tx: Transaction, collection: CollectionName, record: Row) => {
    const errors = await checkReferences(tx, collection, record);
    if (Object.keys(errors).length) throw invalidFields(errors);
    await checkUnique(tx, collection, record);
};
