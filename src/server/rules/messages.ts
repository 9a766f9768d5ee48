import type { WriteRules } from './types';

/** The outbox is written by the server: a message is queued by the change that causes it, and sent by the runner. */
export const messageRules: WriteRules = {
    refused: {
        create: 'Messages are queued by the server when something happens; a test message is sent from the settings',
        update: 'A message is never edited: resend a failed one with POST /api/messages/:id/resend',
        delete: 'Messages are kept as the account of what was sent',
    },
};

/** The job runner's records are its own: admins read them, nobody writes them. */
export const jobRules: WriteRules = {
    refused: {
        create: 'Jobs are the server’s own: its runner makes one of each kind',
        update: 'A job is written by the server’s runner only',
        delete: 'A job is written by the server’s runner only',
    },
};
