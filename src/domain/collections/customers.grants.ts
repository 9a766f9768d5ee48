import { readOnly, work, type Grants } from './access';

/** What managers and teachers may do with customers (admins may do everything). */
export const grants: Grants = {
    manager: work,
    // A teacher reads the customers of their own classes (scoped on the server).
    teacher: readOnly,
};
