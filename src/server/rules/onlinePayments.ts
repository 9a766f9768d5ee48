import type { WriteRules } from './types';

/** Attempts to pay a link online are begun by the payment page and settled by the provider's notices only. */
export const onlinePaymentRules: WriteRules = {
    refused: {
        create: "An online payment begins on the link's public payment page",
        update: "An online payment changes only by its provider's verified notice",
        delete: 'An online payment is kept as the account of what the provider was asked and answered',
    },
};
