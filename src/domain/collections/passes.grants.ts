import { work, type Grants } from './access';

/** What managers and teachers may do with passes (admins may do everything). */
export const grants: Grants = {
    manager: work,
};
