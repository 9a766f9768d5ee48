import { randomBytes } from 'node:crypto';
import type { Identifier } from '../../domain/types';
import { studioConfig } from '../studio';
import type { WriteRules } from './types';

/** A link's id is its secret: 128 random bits, never sequential. */
export const randomLinkId = () => randomBytes(16).toString('base64url');

/** A new link is pending, for the plan's price unless told otherwise, until the studio's link lifetime runs out. */
export const paymentLinkRules: WriteRules = {
    create: async (record, { tx }) => {
        const plan = await tx.get('subscriptions', record.subscriptionId as Identifier);
        const { paymentLinkTtlHours } = await studioConfig(tx);
        return {
            ...record,
            id: randomLinkId(),
            amount: record.amount ?? plan?.price,
            status: 'pending',
            expiresAt: new Date(Date.now() + paymentLinkTtlHours * 3600_000).toISOString(),
            paidAt: null,
            paymentId: null,
            passId: null,
        };
    },
};
