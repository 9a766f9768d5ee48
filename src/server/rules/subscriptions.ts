import type { ComputedFilter } from './types';

/**
 * A plan with no directions covers every direction, so a plan list filtered by a direction shows the
 * plans for that direction and the plans for all of them: what can be sold for a class of it.
 */
export const subscriptionFilters: Record<string, ComputedFilter> = {
    directionIds: async (values, reader) => {
        // Plans are a short catalogue: deciding over all of them is one small read.
        const covering = (await reader.select('subscriptions')).filter(
            plan =>
                plan.directionIds.length === 0 ||
                values.some(wanted => plan.directionIds.some(id => String(id) === String(wanted))),
        );
        return [{ field: 'id', kind: 'equals', values: covering.map(plan => plan.id) }];
    },
};
