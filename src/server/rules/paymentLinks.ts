import { randomBytes } from 'node:crypto';
import type { Identifier, PaymentLink } from '../../domain/types';
import { conflict } from '../errors';
import type { Reader, Row } from '../storage/types';
import { studioConfig } from '../studio';
import type { WriteRules } from './types';

/** A link's id is its secret: 128 random bits, never sequential. */
export const randomLinkId = () => randomBytes(16).toString('base64url');

/**
 * Links whose payment is with the provider right now, by id. While the card is being charged for what a
 * link asks, nothing may change what it asks: edits, cancelling and deleting it are refused until the
 * provider has answered and the payment is recorded.
 */
export const linksBeingPaid = new Set<string>();

/** A 409 while the link is being paid. */
export const refuseWhilePaying = (id: string) => {
    if (linksBeingPaid.has(id))
        throw conflict('This link is being paid right now: try again in a moment', {
            status: 'app.money.errors.link_paying',
        });
};

/** The statuses a link never leaves, with their message keys. */
export const closedLinkKeys: Partial<Record<PaymentLink['status'], string>> = {
    paid: 'app.money.errors.link_paid',
    cancelled: 'app.money.errors.link_cancelled',
};

/** A paid or cancelled link is a closed record: it says what was paid, or that nothing will be (409). */
const refuseClosed = (link: Row) => {
    const { status } = link as unknown as PaymentLink;
    const key = closedLinkKeys[status];
    if (key) throw conflict(`This payment link is ${status}: it can no longer be changed or deleted`, { status: key });
    refuseWhilePaying(link.id as string);
};

/** The amount asked: the one given, or the plan's price. */
const amountOf = async (record: Row, reader: Reader) =>
    record.amount ?? (await reader.get('subscriptions', record.subscriptionId as Identifier))?.price;

/** A new link is pending, for the plan's price unless told otherwise, until the studio's link lifetime runs out. */
export const paymentLinkRules: WriteRules = {
    create: async (record, { tx }) => {
        const { paymentLinkTtlHours } = await studioConfig(tx);
        return {
            ...record,
            id: randomLinkId(),
            amount: await amountOf(record, tx),
            status: 'pending',
            expiresAt: new Date(Date.now() + paymentLinkTtlHours * 3600_000).toISOString(),
            paidAt: null,
            paymentId: null,
            passId: null,
        };
    },
    update: async (record, before, { tx }) => {
        refuseClosed(before);
        return { ...record, amount: await amountOf(record, tx) };
    },
    delete: async record => refuseClosed(record),
};
