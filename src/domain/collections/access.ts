import type { Role } from '../roles';

/*
 * What a role may do with a collection's records, in terms the sign-in page can load: no schema, no zod.
 * Each collection's grants are in its <name>.grants.ts beside its module, and roles.ts gathers them.
 */

/**
 * What each role may do, by resource. The server enforces it on every request and the app mirrors it
 * with react-admin's `canAccess`, so the menu and the buttons show only what the role may do.
 *
 * `read` is fetching records for display elsewhere (a teacher's name on an event, a status chip) without
 * the screen of the resource: a manager reads users to show teachers but has no users screen.
 */
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export' | 'read';

/** What managers and teachers may do with one collection: nothing when not named. Admins may do everything. */
export type Grants = Partial<Record<Exclude<Role, 'admin'>, readonly Action[]>>;

export const everything: readonly Action[] = ['list', 'show', 'create', 'edit', 'delete', 'export', 'read'];
export const work: readonly Action[] = ['list', 'show', 'create', 'edit', 'export', 'read'];
export const catalogue: readonly Action[] = ['list', 'show', 'export', 'read'];
export const readOnly: readonly Action[] = ['read'];
