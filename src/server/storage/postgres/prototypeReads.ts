import { freezeRecord } from '../memory';
import type { Id, PrototypePageQuery, Row } from '../types';

/*
 * Prototype pages and references read in SQL, with json-server's meaning. json-server compares a
 * field with a query value by the field's text (`String(value) === "5"`) and sorts with lodash's
 * orderBy, whose order between a number and a string, or a string and null, is its own. So a page is
 * read here only where SQL says the same: equality on strings, booleans and numbers (as JavaScript
 * writes them), and sorts by fields whose values are all numbers or all strings (missing ones last,
 * first when descending, as lodash puts undefined); the answer says when the values are otherwise, and
 * json-server reads the whole collection instead.
 */

type Rows = (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

/** A number as JavaScript writes it ("5", "1.5", "1e+21"): the only texts a number's String() can equal. */
const asNumber = (text: string): string | undefined => {
    const value = Number(text);
    return text.trim() !== '' && Number.isFinite(value) && String(value) === text ? text : undefined;
};

/** What the collection holds under one field, to tell whether SQL compares it as json-server does. */
interface FieldShape {
    /** Some record has the field (json-server ignores a filter on a field no record has). */
    has: boolean | null;
    /** Some record holds an object or array there, whose text json-server compares. */
    composite: boolean | null;
    /** Every record holds a number there, or nothing. */
    numbers: boolean | null;
    /** Every record holds a string there, without characters past U+FFFF, or nothing. */
    strings: boolean | null;
}

const typeOf = (field: string) => `jsonb_typeof(record->${field})`;

const shapeOf = (field: string, index: number) =>
    [
        `bool_or(record ? ${field}) AS has${index}`,
        `bool_or(${typeOf(field)} IN ('object', 'array')) AS composite${index}`,
        `bool_and(${typeOf(field)} IS NULL OR ${typeOf(field)} = 'number') AS numbers${index}`,
        // UTF-8 bytes ("C") order characters as JavaScript's UTF-16 does, but for those past U+FFFF.
        `bool_and(${typeOf(field)} IS NULL OR (${typeOf(field)} = 'string' AND record->>${field} !~ '[\\U00010000-\\U0010FFFF]')) AS strings${index}`,
    ].join(', ');

/** json-server's `field=value`: the field's text is one of the values; a field no record has is no condition. */
const equalsOf = (field: string, index: number, texts: string, numbers: string) =>
    `(NOT coalesce(shape.has${index}, false)
      OR (${typeOf(field)} IN ('string', 'boolean') AND (record->>${field}) COLLATE "C" = ANY(${texts}::text[]))
      OR (CASE WHEN ${typeOf(field)} = 'number' THEN (record->>${field})::numeric END) = ANY(${numbers}::numeric[]))`;

/** lodash's orderBy over fields of numbers or of strings; ties keep the stored order. */
const orderOf = (fields: { name: string; descending: boolean }[]) =>
    [
        ...fields.flatMap(({ name, descending }) => {
            const direction = descending ? 'DESC' : 'ASC';
            return [
                `CASE WHEN ${typeOf(name)} = 'number' THEN (record->>${name})::numeric END ${direction}`,
                `CASE WHEN ${typeOf(name)} = 'string' THEN (record->>${name}) COLLATE "C" END ${direction}`,
            ];
        }),
        'position',
    ].join(', ');

export const readPrototypePage = async (
    rows: Rows,
    name: string,
    query: PrototypePageQuery,
): Promise<{ records: Row[]; total: number } | undefined> => {
    const values: unknown[] = [name];
    const param = (value: unknown) => `$${values.push(value)}`;
    const fields = [...new Set([...query.equals.map(({ field }) => field), ...query.sort.map(({ field }) => field)])];
    const placeholders = fields.map(field => `${param(field)}::text`);
    const at = (field: string) => placeholders[fields.indexOf(field)];
    const conditions = query.equals.map(({ field, values: texts }) =>
        equalsOf(
            at(field),
            fields.indexOf(field),
            param(texts),
            param(texts.map(asNumber).filter(text => text !== undefined)),
        ),
    );
    const order = orderOf(query.sort.map(({ field, descending }) => ({ name: at(field), descending })));
    const shape = fields.length ? `, ${fields.map((field, index) => shapeOf(at(field), index)).join(', ')}` : '';
    // One statement, so that the shape, the count and the page are of one snapshot.
    const [answer] = await rows(
        `WITH c AS MATERIALIZED (SELECT position, record FROM prototype_records WHERE collection = $1),
              shape AS (SELECT (SELECT count(*) FROM prototype_collections WHERE name = $1) AS known, count(*) AS size${shape} FROM c),
              matched AS MATERIALIZED (SELECT position, record FROM c, shape ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''})
         SELECT (SELECT to_jsonb(shape) FROM shape) AS shape,
                (SELECT count(*) FROM matched) AS total,
                (SELECT coalesce(jsonb_agg(record ORDER BY ${order}), '[]'::jsonb)
                   FROM (SELECT position, record FROM matched ORDER BY ${order}
                         LIMIT ${param(Math.max(query.end - query.start, 0))} OFFSET ${param(query.start)}) page) AS records`,
        values,
    );
    const shapes = answer.shape as Record<string, number | boolean | null>;
    if (!shapes.known) return undefined;
    const shapeAt = (index: number): FieldShape => ({
        has: shapes[`has${index}`] as boolean | null,
        composite: shapes[`composite${index}`] as boolean | null,
        numbers: shapes[`numbers${index}`] as boolean | null,
        strings: shapes[`strings${index}`] as boolean | null,
    });
    // An empty collection has no shape: every filter is ignored and there is nothing to sort.
    const comparable = query.equals.every(({ field }) => !shapeAt(fields.indexOf(field)).composite);
    const sortable = query.sort.every(({ field }) => {
        const { numbers, strings } = shapeAt(fields.indexOf(field));
        return numbers !== false || strings !== false;
    });
    if (!comparable || !sortable) return undefined;
    return { records: (answer.records as Row[]).map(freezeRecord), total: answer.total as number };
};

/** The records of every prototype whose `field` holds the id, as a string or as the number JavaScript writes. */
export const prototypeReferrers = async (
    rows: Rows,
    field: string,
    id: Id,
): Promise<{ collection: string; count: number }[]> => {
    const text = String(id);
    const number = asNumber(text);
    const found = await rows(
        `SELECT r.collection, count(*) AS count
           FROM prototype_records r JOIN prototype_collections c ON c.name = r.collection
          WHERE r.record @> jsonb_build_object($1::text, $2::text)
             ${number === undefined ? '' : 'OR r.record @> jsonb_build_object($1::text, $3::numeric)'}
          GROUP BY r.collection, c.position ORDER BY c.position`,
        number === undefined ? [field, text] : [field, text, number],
    );
    return found.map(row => ({ collection: row.collection as string, count: row.count as number }));
};
