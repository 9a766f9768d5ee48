/*
 * A collection's screens, as its <name>.grants.ts names them: the route manifest (src/domain/routes.ts)
 * makes its routes, its screens and its menu entry from it. Light like the grants, for the same reason:
 * the sign-in page reads the routes without the schemas.
 */

/** The groups of the menu a resource may add its entry to. */
export type MenuGroup = 'today' | 'customers' | 'timetable' | 'money' | 'settings';

/**
 * react-admin's list, record and create screens under `/{name}` (a list only with `listOnly`), from the
 * folder src/resources/{key}, with its entry at the end of the `menu` group (label `app.menu.{key}`).
 */
export interface Resource {
    /** The folder and the menu label's key: the collection's name unless it says another. */
    key?: string;
    name: string;
    listOnly?: true;
    menu?: MenuGroup;
}
