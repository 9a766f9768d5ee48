import { readOnly, type Grants } from './access';

/** What managers and teachers may do with statuses (admins may do everything). */
export const grants: Grants = {
    manager: readOnly,
    teacher: readOnly,
};
