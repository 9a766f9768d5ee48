import { collectionNames } from './collections';
import type { Database } from './types';

/** A database with every collection empty: what a new studio starts from, and what a generator fills in. */
export const emptyDatabase = (): Database =>
    Object.fromEntries(collectionNames.map(name => [name, []])) as unknown as Database;
