import { studioCollectionNames, type CollectionName, type Role } from '../roles';
import type { CollectionInfo, Reference } from './declare';
import * as modules from './modules';

/*
 * Every collection, each declared once in its module beside its schemas (users.ts, passes.ts...): what a
 * client writes (its zod schema), what the server adds, how records refer to others, which keys are
 * unique, what `q` searches, which fields the db.json engine indexes and what each role reads.
 * Everything else reads them from here: the record types (types.ts, by z.infer), validation at start-up,
 * the API's checks, both engines' columns and indexes (the PostgreSQL columns are derived from these
 * schemas, and a test checks them against the migrations). A collection's name and what each role may do
 * with it are in roles.ts, which the sign-in page loads without the schemas.
 */

export type { Reference };

/**
 * The declarations with the types of their fields, which types.ts reads the records' types from, in the
 * manifest's order (a module namespace lists its names alphabetically).
 */
export const declarations = Object.fromEntries(
    studioCollectionNames.map(name => [name, modules[name]]),
) as typeof modules;

/** A module of modules.ts without its line in the manifest: a type error on `collections`, naming it. */
type Unlisted = Exclude<keyof typeof modules, CollectionName>;

/** Every collection's declaration: a name of the manifest without its module is a type error here too. */
export const collections: Record<CollectionName, CollectionInfo> & Record<Unlisted, never> = declarations;

export const collectionNames: CollectionName[] = [...studioCollectionNames];

/** Collections a database made before they existed lacks: they start empty. */
export const collectionsAddedLater = collectionNames.filter(name => collections[name].addedLater);

export const isCollectionName = (name: string): name is CollectionName =>
    Object.prototype.hasOwnProperty.call(collections, name);

/** Every field a client may read, sort or filter by. */
export const readableFields = (name: CollectionName): string[] => {
    const info = collections[name];
    return [
        'id',
        'createdAt',
        ...Object.keys(info.schema.shape).filter(field => field !== 'password'),
        ...info.serverFields.filter(field => !(field in info.schema.shape)),
    ];
};

/** The fields of a collection a role reads: all readable ones, unless its declaration reads it less. */
export const fieldsReadBy = (role: Role, name: CollectionName): string[] => {
    const all = readableFields(name);
    const rule = role === 'admin' ? undefined : collections[name].readable?.[role];
    if (rule?.only) return all.filter(field => rule.only!.includes(field));
    if (rule?.except) return all.filter(field => !rule.except!.includes(field));
    return all;
};

/** Where records of `target` are referred to: the collections and fields that point at it. */
export const referrersOf = (target: CollectionName): { collection: CollectionName; reference: Reference }[] =>
    collectionNames.flatMap(collection =>
        collections[collection].references
            .filter(reference => reference.collection === target)
            .map(reference => ({ collection, reference })),
    );
