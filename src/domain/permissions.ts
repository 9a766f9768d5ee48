import { fieldsReadBy } from './collections';
import { canAccess } from './roles';
import type { CollectionName, Role } from './types';

/*
 * Who may do what: the grants by role and resource (roles.ts, re-exported here), and which fields of a
 * collection each role may read (its module in collections/ says where a role reads less).
 */
export * from './roles';

/**
 * The fields of a collection the role may read, and so the only ones its lists may filter, bound, sort
 * and search by: a filter on a hidden field would tell its value as surely as showing it. None for a
 * collection the role may not read.
 */
export const readableFieldsFor = (role: Role | undefined, collection: CollectionName): string[] => {
    if (!role || !canAccess(role, { resource: collection, action: 'read' })) return [];
    return fieldsReadBy(role, collection);
};
