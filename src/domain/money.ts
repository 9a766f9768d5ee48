import { cents } from './moneyLedger';
import { refuse } from './moneyRefusals';
import { addDays } from './time';
import type { Identifier, Pass, PaymentLink, Subscription } from './types';

/*
 * The money rules as pure functions: selling a plan, freezing and unfreezing a pass, refunds,
 * corrections of the ledger and the life cycle of a payment link. The server applies them inside one
 * synchronous section per request; the card uses the same schemas to validate its dialogs. The schemas
 * are moneySchemas.ts's, the ledger's sums and checks moneyLedger.ts's and the test card's cards.ts's:
 * this module answers for all of them, so that their users import one place.
 */

export { cardExpired, cardSchemaAt, formatCardNumberInput, formatExpiryInput, type CardInput } from './cards';
export { checkCorrection, checkRefund, paidOnline, passMoney, refundable } from './moneyLedger';
export { MoneyRuleError, refuse } from './moneyRefusals';
export {
    correctionSchema,
    deskPaymentMethods,
    passPaymentSchema,
    refundMethods,
    refundSchema,
    sellPassSchema,
    type CorrectionInput,
    type PassPaymentInput,
    type RefundInput,
    type SellPassInput,
} from './moneySchemas';

type NewPass = Omit<Pass, 'id' | 'createdAt'>;

/**
 * The pass a sale creates: the plan's terms copied, valid for validityDays from startsOn, both ends
 * included. Its price is the plan's unless a discount gives another, with its reason.
 */
export const passForSale = (
    plan: Subscription,
    customerId: Identifier,
    startsOn: string,
    discount: { price: number; reason: string } | null = null,
): NewPass => ({
    customerId,
    subscriptionId: plan.id,
    name: plan.name,
    price: discount?.price ?? plan.price,
    discountReason: discount?.reason ?? null,
    visitsTotal: plan.visits,
    directionIds: [...plan.directionIds],
    startsOn,
    endsOn: addDays(startsOn, plan.validityDays - 1),
    visitsUsed: 0,
    frozenFrom: null,
    frozenTo: null,
    cancelled: false,
    paymentId: null,
});

/**
 * What is still owed for a pass: its price less what came in for it, never below nothing. Refunds do
 * not count: money given back never turns into a debt (the price stays what was agreed, and what the
 * pass earns is its price less its refunds). A cancelled pass owes nothing: cancelling ends the deal. A
 * membership's held pass owes nothing either: its price is what the saved card will be charged, not a debt.
 */
export const balanceDue = (
    pass: Pick<Pass, 'price' | 'cancelled'> & Partial<Pick<Pass, 'held'>>,
    paid: number,
): number => (pass.cancelled || pass.held ? 0 : Math.max(0, cents(pass.price) - cents(paid)) / 100);

/** A payment for a pass takes no more than is due on it, and needs something due. */
export const checkPassPayment = (amount: number, due: number): void => {
    if (cents(due) <= 0) refuse('amount', 'nothing_due');
    if (cents(amount) > cents(due)) refuse('amount', 'more_than_due');
};

/** A discount lowers the price: a price above the plan's is no discount, and an equal one needs none. */
export const checkDiscount = (price: number, plan: Pick<Subscription, 'price'>): void => {
    if (cents(price) >= cents(plan.price)) refuse('price', 'discount_not_lower');
};

/** The pass a row of the customer list names (computed by the server): the active one ending soonest. */
export interface ActivePassSummary {
    name: string;
    endsOn: string;
    visitsLeft: number | null;
}

export type LinkStatus = PaymentLink['status'];

/** A link's status at the instant `now`: a pending link past its expiry reads as expired, stored or not. */
export const linkStatusAt = (link: Pick<PaymentLink, 'status' | 'expiresAt'>, now: Date): LinkStatus =>
    link.status === 'pending' && Date.parse(link.expiresAt) <= now.getTime() ? 'expired' : link.status;

/** Only a link pending and unexpired at `now` may be paid or cancelled; anything else is a conflict naming its status. */
export const checkLinkOpen = (link: Pick<PaymentLink, 'status' | 'expiresAt'>, now: Date): void => {
    const status = linkStatusAt(link, now);
    if (status !== 'pending') refuse('status', `link_${status}`);
};
