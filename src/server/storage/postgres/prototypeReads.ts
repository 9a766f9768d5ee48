import { freezeRecord, idKey } from '../records';
import type { Id, PrototypePageQuery, Row } from '../types';

/*
 * Prototype collections read in SQL: their names, their records whole or one by id, and pages and
 * references with json-server's meaning. json-server compares a
 * field with a query value by the field's text (`String(value) === "5"`) and sorts with lodash's
 * orderBy, whose order between a number and a string, or a string and null, is its own. So a page is
 * read here only where SQL says the same: equality on strings, booleans and numbers (as JavaScript
 * writes them), and sorts by fields whose values are all numbers or all strings (missing ones last,
 * first when descending, as lodash puts undefined); the answer says when the values are otherwise, and
 * json-server reads the whole collection instead.
 */

/** Runs a statement on the connection or transaction reading. */
export type Rows = (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

/** The prototype collections' names, in the database's order. */
export const readPrototypeNames = async (rows: Rows): Promise<string[]> =>
    (await rows('SELECT name FROM prototype_collections ORDER BY position', [])).map(row => row.name as string);

/** Every record of one, in stored order; undefined when there is no such collection. */
export const readPrototypeRecords = async (rows: Rows, name: string): Promise<readonly Row[] | undefined> => {
    const found = await rows(
        `SELECT r.record FROM prototype_collections c LEFT JOIN prototype_records r ON r.collection = c.name WHERE c.name = $1 ORDER BY r.position`,
        [name],
    );
    if (!found.length) return undefined;
    return found.filter(row => row.record !== null).map(row => freezeRecord(row.record as Row));
};

export const readPrototype = async (rows: Rows, name: string, id: Id): Promise<Row | undefined> => {
    const found = await rows('SELECT record FROM prototype_records WHERE collection = $1 AND key = $2', [
        name,
        String(idKey(id)),
    ]);
    return found[0] && freezeRecord(found[0].record as Row);
};

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

/**
 * Each field of the query read once a record: whether the record has it (`h0`), the type of its value
 * (`t0`, as jsonb_typeof names it; null when missing) and its text (`v0`).
 */
const fieldsOf = (keys: string[]) =>
    keys.map(
        (key, index) =>
            `record ? ${key} AS h${index}, jsonb_typeof(record->${key}) AS t${index}, record->>${key} AS v${index}`,
    );

const shapeOf = (index: number) =>
    [
        `bool_or(h${index}) AS has${index}`,
        `bool_or(t${index} IN ('object', 'array')) AS composite${index}`,
        `bool_and(t${index} IS NULL OR t${index} = 'number') AS numbers${index}`,
        // UTF-8 bytes ("C") order characters as JavaScript's UTF-16 does, but for those past U+FFFF.
        `bool_and(t${index} IS NULL OR (t${index} = 'string' AND v${index} COLLATE "C" !~ '[\\U00010000-\\U0010FFFF]')) AS strings${index}`,
    ].join(', ');

/** json-server's `field=value`: the field's text is one of the values; a field no record has is no condition. */
const equalsOf = (index: number, texts: string, numbers: string) =>
    `((t${index} IN ('string', 'boolean') AND v${index} COLLATE "C" = ANY(${texts}::text[]))
      OR (CASE WHEN t${index} = 'number' THEN v${index}::numeric END) = ANY(${numbers}::numeric[]))`;

/** lodash's orderBy over fields of numbers or of strings; ties keep the stored order. */
const orderOf = (fields: { index: number; descending: boolean }[]) =>
    [
        ...fields.flatMap(({ index, descending }) => {
            const direction = descending ? 'DESC' : 'ASC';
            return [
                `CASE WHEN t${index} = 'number' THEN v${index}::numeric END ${direction}`,
                `CASE WHEN t${index} = 'string' THEN v${index} COLLATE "C" END ${direction}`,
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
    const keys = fields.map(field => `${param(field)}::text`);
    const equals = query.equals.map(({ field, values: texts }) => ({
        index: fields.indexOf(field),
        condition: equalsOf(
            fields.indexOf(field),
            param(texts),
            param(texts.map(asNumber).filter(text => text !== undefined)),
        ),
    }));
    const conditions = equals.map(({ index, condition }) => `(NOT coalesce(shape.has${index}, false) OR ${condition})`);
    // Counted with the shape when every field filtered by is in some record, as it mostly is; only
    // otherwise (json-server then drops the filter) are the matches counted apart.
    const filtered = equals.length
        ? `, count(*) FILTER (WHERE ${equals.map(({ condition }) => condition).join(' AND ')}) AS filtered`
        : '';
    const everyFieldHeld = equals.map(({ index }) => `coalesce(has${index}, false)`).join(' AND ');
    const order = orderOf(query.sort.map(({ field, descending }) => ({ index: fields.indexOf(field), descending })));
    // One statement, so that the shape, the count and the page are of one snapshot. Each part reads the
    // collection by itself (OFFSET 0 has each field read once a record) rather than from a copy that
    // would spill to disk.
    const [answer] = await rows(
        `WITH read AS NOT MATERIALIZED (SELECT ${['position', 'record', ...fieldsOf(keys)].join(', ')}
                                          FROM prototype_records WHERE collection = $1 OFFSET 0),
              shape AS (SELECT (SELECT count(*) FROM prototype_collections WHERE name = $1) AS known,
                               ${['count(*) AS size', ...fields.map((_, index) => shapeOf(index))].join(', ')}${filtered}
                          FROM read),
              matched AS NOT MATERIALIZED (SELECT read.* FROM read, shape ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''})
         SELECT (SELECT to_jsonb(shape) FROM shape) AS shape,
                ${
                    equals.length
                        ? `CASE WHEN (SELECT ${everyFieldHeld} FROM shape) THEN (SELECT filtered FROM shape)
                                ELSE (SELECT count(*) FROM matched) END`
                        : '(SELECT size FROM shape)'
                } AS total,
                (SELECT coalesce(jsonb_agg(record ORDER BY ${order}), '[]'::jsonb)
                   FROM (SELECT * FROM matched ORDER BY ${order}
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
