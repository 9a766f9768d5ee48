import { schemaValidator } from '../../app/forms';
import { leadSchema, staffLeadStatuses, type LeadStatus } from '../../domain/collections/leads';
import type { StoredRecordOf } from '../../domain/types';

/* A lead as the screens read it, and the checks its form makes before sending (the server's own). */

export type Lead = StoredRecordOf<'leads'>;
export type { LeadStatus };

/** The statuses staff set by hand; a trial booked or done, and a win, are the server's. */
export const isStaffStatus = (status: LeadStatus | undefined): boolean =>
    (staffLeadStatuses as readonly string[]).includes(status ?? '');

export const validateLead = schemaValidator(leadSchema);
