import { readableFields } from './collections';
import { canAccess } from './roles';
import type { CollectionName, Role } from './types';

/*
 * Who may do what: the grants by role and resource (roles.ts, re-exported here), and which fields of a
 * collection each role may read.
 */
export * from './roles';

/**
 * Where a role reads less of a collection's records than all of their fields: a teacher marks visits by
 * name and has no business with a customer's phone, e-mail, birthday or notes.
 */
/** Whether an account is held after failed sign-ins, and since when, is for admins, who release it. */
const staffUserFields = readableFields('users').filter(field => field !== 'signInHold');

const fieldGrants: Partial<Record<Role, Partial<Record<CollectionName, readonly string[]>>>> = {
    manager: { users: staffUserFields },
    teacher: { customers: ['id', 'firstName', 'lastName', 'status'], users: staffUserFields },
};

/**
 * The fields of a collection the role may read, and so the only ones its lists may filter, bound, sort
 * and search by: a filter on a hidden field would tell its value as surely as showing it. None for a
 * collection the role may not read.
 */
export const readableFieldsFor = (role: Role | undefined, collection: CollectionName): string[] => {
    if (!role || !canAccess(role, { resource: collection, action: 'read' })) return [];
    return [...(fieldGrants[role]?.[collection] ?? readableFields(collection))];
};
