import { catalogue, type Grants } from './access';

/** What managers and teachers may do with payPeriods (admins may do everything). */
export const grants: Grants = {
    // Closed by the pay endpoints; read for the teacher pay pages.
    manager: catalogue,
};
