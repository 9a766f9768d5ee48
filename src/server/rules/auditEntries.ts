import type { WriteRules } from './types';

/** The audit trail is written by the server alongside each change, and never by a request, whoever asks. */
export const auditEntryRules: WriteRules<'auditEntries'> = {
    refused: {
        create: 'The audit trail records changes as they are made; it cannot be written to',
        update: 'The audit trail cannot be changed',
        delete: 'The audit trail cannot be deleted from',
    },
};
