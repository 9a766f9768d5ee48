import { catalogue, readOnly, type Grants } from './access';

/** What managers and teachers may do with directions (admins may do everything). */
export const grants: Grants = {
    manager: catalogue,
    teacher: readOnly,
};
