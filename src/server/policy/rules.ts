import type { WriteRules } from '../rules/types';

/*
 * Penalties of the attendance policy: made by the server when a seat on a plan with a penalty is
 * cancelled late or a closed class finds it a no-show, the customer's first offence in 30 days
 * forgiven and every one told; applied by the job runner at appliesAt unless staff waived it before
 * (routes.ts). Never written through the API.
 */

export const penaltyRules: WriteRules<'penalties'> = {
    refused: {
        create: 'Penalties are made by the server when a seat is cancelled late or missed',
        update: 'A penalty is never edited: waive a pending one with POST /api/penalties/:id/waive',
        delete: 'Penalties are kept as the account of what each offence cost',
    },
};
