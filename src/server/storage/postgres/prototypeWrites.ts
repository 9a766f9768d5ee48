import { randomBytes } from 'node:crypto';
import { isStudioCollection } from '../../../domain/roles';
import { freezeRecord, idKey } from '../records';
import { StorageConflict, type Id, type NewPrototypeRecord, type Row } from '../types';
import { readPrototype, type Rows } from './prototypeReads';

/*
 * Prototype records written in SQL, each a JSON document under its collection's name, with the ids
 * json-server would give them. Apart from the studio's tables' writes (pgTransaction.ts): a prototype
 * has no columns, no claims and no rules, only the collection it makes with its first record.
 */

/** The id json-server would give a new record: the next integer, or random text in a collection whose ids are all text. */
const newPrototypeId = async (rows: Rows, name: string): Promise<Id> => {
    await rows('INSERT INTO prototype_collections (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
    const [counter] = await rows('SELECT next_id FROM prototype_collections WHERE name = $1 FOR UPDATE', [name]);
    const [kinds] = await rows(
        `SELECT count(*) AS total, count(*) FILTER (WHERE jsonb_typeof(record->'id') = 'number') AS numbers,
                coalesce(max((record->>'id')::numeric) FILTER (WHERE jsonb_typeof(record->'id') = 'number'), 0) AS highest
           FROM prototype_records WHERE collection = $1`,
        [name],
    );
    if ((kinds.total as number) > 0 && (kinds.numbers as number) === 0) {
        for (;;) {
            const id = randomBytes(6).toString('base64url').slice(0, 7);
            if (!(await readPrototype(rows, name, id))) return id;
        }
    }
    const next = Math.max(counter.next_id as number, (kinds.highest as number) + 1);
    await rows('UPDATE prototype_collections SET next_id = $2 WHERE name = $1', [name, next + 1]);
    return next;
};

/** Stores a record whole, making its collection with its first record (Transaction.putPrototype). */
export const putPrototype = async (rows: Rows, name: string, input: NewPrototypeRecord): Promise<Row> => {
    if (isStudioCollection(name)) throw new Error(`${name} is not a prototype collection`);
    if ((await rows('SELECT 1 FROM database_extras WHERE key = $1', [name])).length) {
        throw new StorageConflict(`"${name}" is a value of the database that is not a collection of records`);
    }
    const id = input.id ?? (await newPrototypeId(rows, name));
    const record = freezeRecord({ ...input, id } as Row);
    await rows('INSERT INTO prototype_collections (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
    await rows(
        `INSERT INTO prototype_records (collection, key, record) VALUES ($1, $2, $3)
         ON CONFLICT (collection, key) DO UPDATE SET record = EXCLUDED.record`,
        [name, String(idKey(id)), JSON.stringify(record)],
    );
    return record;
};

export const removePrototype = async (rows: Rows, name: string, id: Id): Promise<void> => {
    await rows('DELETE FROM prototype_records WHERE collection = $1 AND key = $2', [name, String(idKey(id))]);
};
