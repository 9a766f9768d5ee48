/*
 * The policy room: what a late cancel or a no-show costs, as penalties made, forgiven, waived, applied
 * and reversed. Other code uses it through this index only.
 */
export { applyDuePenalties, feesOwedBy, penalize, penalizeNoShows, reverseNoShows } from './operations';
export { reversePenalty, standing } from './reversal';
export { penaltyRoutes } from './routes';
export { penaltyRules } from './rules';
