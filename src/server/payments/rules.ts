import { randomBytes } from 'node:crypto';
import { checkPassPayment } from '../../domain/money';
import { paymentLinkAddress } from '../../domain/routes';
import type { Identifier, Pass, PaymentLink } from '../../domain/types';
import { conflict, invalidFields, ruleRefusal } from '../http/errors';
import { toMinor } from './provider';
import { dueOn } from '../money';
import { feeOwed } from '../../domain/penalties';
import type { NewRecord, Reader, Row, Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';
import { refuseErased } from '../rules/erased';
import { refuseSecondTrial } from '../growth';
import type { ListFields, WriteRules } from '../rules/types';

/** A link's id is its secret: 128 random bits, never sequential. */
const randomLinkId = () => randomBytes(16).toString('base64url');

/** The statuses a link never leaves, with their message keys. */
const closedLinkKeys: Partial<Record<PaymentLink['status'], string>> = {
    paid: 'app.money.errors.link_paid',
    cancelled: 'app.money.errors.link_cancelled',
};

/** A paid or cancelled link is a closed record: it says what was paid, or that nothing will be (409). */
const refuseClosed = (link: Row) => {
    const { status } = link as PaymentLink;
    const key = closedLinkKeys[status];
    if (key) throw conflict(`This payment link is ${status}: it can no longer be changed or deleted`, { status: key });
};

/**
 * What a sale link asks: the amount given, or the plan's price. It names no pass until it is paid
 * (then the pass it sold).
 */
const saleTerms = async (record: Row, reader: Reader): Promise<Row> => {
    const plan = await reader.get('subscriptions', record.subscriptionId as Identifier);
    // A trial is sold to a person once: a link for a second one is refused before it is sent.
    if (plan) await refuseSecondTrial(reader, record.customerId as Identifier, plan);
    return { ...record, passId: null, penaltyId: null, amount: record.amount ?? plan?.price };
};

/**
 * What a balance link asks: what is due on the customer's pass now, or less; never more, and never
 * for a pass that owes nothing. It is for the pass's plan, and stays for that pass.
 */
const balanceTerms = async (record: Row, reader: Reader): Promise<Row> => {
    const pass = (await reader.get('passes', record.passId as Identifier)) as Pass | undefined;
    if (!pass || pass.customerId !== record.customerId) throw invalidFields({ passId: 'app.validation.reference' });
    const due = await dueOn(reader, pass);
    const amount = (record.amount as number | null) ?? due;
    try {
        checkPassPayment(amount, due);
    } catch (error) {
        throw ruleRefusal(error);
    }
    return { ...record, subscriptionId: pass.subscriptionId, penaltyId: null, amount };
};

/**
 * What a fee link asks: the fee of the customer's penalty, applied and not paid; it is for the pass (and
 * plan) whose rule set the fee.
 */
const feeTerms = async (record: Row, reader: Reader): Promise<Row> => {
    const penalty = await reader.get('penalties', record.penaltyId as Identifier);
    if (!penalty || penalty.customerId !== record.customerId)
        throw invalidFields({ penaltyId: 'app.validation.reference' });
    const pass = penalty.passId === null ? undefined : await reader.get('passes', penalty.passId);
    if (!feeOwed(penalty) || !pass)
        throw conflict('This penalty owes no fee: only an applied, unpaid fee is paid', {
            penaltyId: 'app.penalties.errors.not_owed',
        });
    return { ...record, passId: pass.id, subscriptionId: pass.subscriptionId, amount: penalty.amount };
};

const termsOf = (record: Row, reader: Reader) =>
    record.purpose === 'balance'
        ? balanceTerms(record, reader)
        : record.purpose === 'fee'
          ? feeTerms(record, reader)
          : saleTerms(record, reader);

/**
 * A new link (staff's, or a customer's in the portal) is pending, for the plan's price (a sale) or what is due on the pass (a balance) unless told
 * otherwise, until the studio's link lifetime runs out, counted from the server's clock. What a link is
 * for never changes: an edit keeps its purpose and its pass.
 */
export const newPaymentLink = async (record: Row, reader: Reader, now: Date): Promise<Row> => {
    await refuseErased(reader, record.customerId as number);
    const { paymentLinkTtlHours } = await studioConfig(reader);
    return {
        ...(await termsOf(record, reader)),
        id: randomLinkId(),
        status: 'pending',
        expiresAt: new Date(now.getTime() + paymentLinkTtlHours * 3600_000).toISOString(),
        paidAt: null,
        paymentId: null,
    };
};

/**
 * How many links of one customer may wait for payment at once before the portal makes no more: one for
 * each plan, pass and fee a customer pays is far fewer, and a script pressing Buy cannot fill the studio's
 * links with hundreds.
 */
export const maxPendingLinks = 10;

/** Whether a link is for what new terms ask: the same plan bought, the same pass's rest, the same fee. */
const sameThing = (link: PaymentLink, terms: Row) =>
    link.purpose === terms.purpose &&
    (terms.purpose === 'sale'
        ? link.subscriptionId === terms.subscriptionId
        : terms.purpose === 'balance'
          ? link.passId === terms.passId
          : link.penaltyId === terms.penaltyId);

/**
 * The link a customer gets in the portal for what they ask to pay, inside `tx` (claimed: true). While a
 * link for the same thing and amount waits for payment, it is answered again (`made` false), so that
 * pressing Buy or Pay again, or many times at once, makes no second link. A pass's rest link that asks
 * more than is due now (part was paid at the desk meanwhile) can no longer be paid: it is cancelled and a
 * new one asks what is due. Past maxPendingLinks waiting links, no new one is made (409).
 */
export const portalPaymentLink = async (
    tx: Transaction,
    record: Row,
    now: Date,
): Promise<{ link: PaymentLink; made: boolean }> => {
    const customerId = record.customerId as Identifier;
    // One customer's presses take turns, on every server process.
    await tx.claim('customers', [customerId]);
    const terms = await newPaymentLink(record, tx, now);
    const amount = toMinor(Number(terms.amount));
    const waiting = (await tx.select('paymentLinks', { customerId, status: 'pending' })).filter(
        link => Date.parse(link.expiresAt) > now.getTime(),
    );
    const same = waiting.filter(link => sameThing(link, terms));
    const asked = same.find(link => toMinor(link.amount) === amount);
    if (asked) return { link: asked, made: false };
    const stale = terms.purpose === 'balance' ? same.filter(link => toMinor(link.amount) > amount) : [];
    for (const link of stale) await tx.update('paymentLinks', { ...link, status: 'cancelled' });
    if (waiting.length - stale.length >= maxPendingLinks)
        throw conflict(`${maxPendingLinks} payment links already wait for payment: pay or let them expire first`, {
            status: 'app.portal.too_many_links',
        });
    return { link: await tx.insert('paymentLinks', terms as NewRecord<'paymentLinks'>), made: true };
};

export const paymentLinkRules: WriteRules<'paymentLinks'> = {
    create: (record, { tx, now }) => {
        // Its payer's consent and card come with it: POST /api/memberships makes one, with those checks.
        if (record.purpose === 'membership') throw invalidFields({ purpose: 'app.memberships.errors.start_there' });
        return newPaymentLink(record, tx, now);
    },
    update: async (record, before, { tx }) => {
        refuseClosed(before);
        return termsOf(
            { ...record, purpose: before.purpose, passId: before.passId, penaltyId: before.penaltyId ?? null },
            tx,
        );
    },
    delete: async record => refuseClosed(record),
};

/** The address the customer is sent, so that the app copies it as the server is reached from outside. */
export const paymentLinkListFields: ListFields =
    async (_page, _reader, { publicUrl }) =>
    record => ({
        url: paymentLinkAddress(record.id as string, publicUrl),
    });

/** Attempts to pay a link online are begun by the payment page and settled by the provider's notices only. */
export const onlinePaymentRules: WriteRules<'onlinePayments'> = {
    refused: {
        create: "An online payment begins on the link's public payment page",
        update: "An online payment changes only by its provider's verified notice",
        delete: 'An online payment is kept as the account of what the provider was asked and answered',
    },
};
