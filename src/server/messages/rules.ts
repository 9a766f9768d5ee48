import type { WriteRules } from '../rules/types';

/** The outbox is written by the server: a message is queued by the change that causes it, and sent by the runner. */
export const messageRules: WriteRules<'messages'> = {
    refused: {
        create: 'Messages are queued by the server when something happens; a test message is sent from the settings',
        update: 'A message is never edited: resend a failed one with POST /api/messages/:id/resend',
        delete: 'Messages are kept as the account of what was sent',
    },
};
