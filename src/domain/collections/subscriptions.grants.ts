import { catalogue, type Grants } from './access';

/** What managers and teachers may do with subscriptions (admins may do everything). */
export const grants: Grants = {
    manager: catalogue,
};
