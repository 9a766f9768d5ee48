import type { WriteRules } from '../rules/types';

/*
 * Memberships, their saved cards and charges through the list protocol: read by staff, never written
 * there. A membership is started by its first period's payment (POST /api/memberships answers that
 * payment's link) and changed by its own endpoints; a card is saved by that payment and removed by its
 * payer in the portal; a charge is the memberships job's record of asking the provider.
 */

const startedByPayment =
    'A membership starts when its first period is paid: POST /api/memberships answers the payment link';
const changedByEndpoints = 'A membership changes through /cancel, /resume and /price';

export const membershipRules: WriteRules<'memberships'> = {
    refused: { create: startedByPayment, update: changedByEndpoints, delete: changedByEndpoints },
};

const savedByPayment = 'A card is saved by a membership’s payment and removed by its payer in the portal';

export const paymentMethodRules: WriteRules<'paymentMethods'> = {
    refused: { create: savedByPayment, update: savedByPayment, delete: savedByPayment },
};

const madeByJob = 'A charge is the record of asking the provider: made by the memberships job, never changed';

export const chargeRules: WriteRules<'charges'> = {
    refused: { create: madeByJob, update: madeByJob, delete: madeByJob },
};
