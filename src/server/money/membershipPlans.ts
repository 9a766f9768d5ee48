import type { Identifier } from '../../domain/types';
import { conflict } from '../http/errors';
import type { Reader } from '../storage/types';

/**
 * A plan the customer already has as a running membership is paid by it each month: selling it at the
 * desk as well would make them pay twice, unless staff say so (`force`).
 */
export const refuseMembershipPlan = async (reader: Reader, customerId: Identifier, subscriptionId: Identifier) => {
    const running = await reader.select('memberships', { customerId, subscriptionId, status: ['active', 'past_due'] });
    if (running.length > 0)
        throw conflict('The customer has a running membership of this plan: it pays each month', {
            subscriptionId: 'app.memberships.errors.membership_active',
        });
};
