/* The desk's one question to a customer, whether they take offers by message (src/server/consents/asking.ts). */

/** Why POST /api/customers/:id/ask-offers was refused (409, in `reason`). */
export type AskOffersRefusal = 'consented' | 'asked' | 'opted_out' | 'no_channel' | 'not_configured';

/** POST /api/customers/:id/ask-offers: the question is queued, by this channel, to this customer (a ward's guardian). */
export interface AskOffersAnswer {
    channel: 'telegram' | 'email';
    recipientId: number;
}
