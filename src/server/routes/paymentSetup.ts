import { Router } from 'express';
import type { PaymentSetupAnswer } from '../../domain/api';
import type { AuthenticatedRequest } from '../http/auth';
import { forbidden, handle } from '../http/errors';
import { testCardProvider, type PaymentProvider } from './paymentProvider';

/*
 * Which payment provider takes the money of payment links. The built-in test provider (a card form that
 * accepts 4242 4242 4242 4242) takes no money: it is the default only while the studio runs the server
 * for itself, on no public address (PUBLIC_URL unset or local). A server on a public address takes no
 * online payment until a provider is chosen with PAYMENT_PROVIDER; `PAYMENT_PROVIDER=test` chooses the
 * test provider on purpose, and then every page says that no money is taken.
 */

export interface PaymentSetup {
    /** Null: online payments are off until a provider is chosen. */
    provider: PaymentProvider | null;
    mode: PaymentSetupAnswer['mode'];
    /** PUBLIC_URL names an address others reach: the studio runs for real, so admins are warned at sign-in. */
    publicAddress: boolean;
}

/** An address nobody outside this machine or network reaches: a studio trying the app out. */
export const isLocalAddress = (url: string): boolean => {
    let host: string;
    try {
        host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    } catch {
        return false;
    }
    return (
        host === 'localhost' ||
        host.endsWith('.localhost') ||
        host === '::1' ||
        /^127\./.test(host) ||
        /^10\./.test(host) ||
        /^192\.168\./.test(host) ||
        /^172\.(1[6-9]|2\d|3[01])\./.test(host)
    );
};

export class PaymentSetupError extends Error {}

/** The provider the environment chooses (PAYMENT_PROVIDER, PUBLIC_URL). */
export const choosePayments = (env: { PAYMENT_PROVIDER?: string; PUBLIC_URL?: string }): PaymentSetup => {
    const chosen = env.PAYMENT_PROVIDER?.trim();
    const publicAddress = !!env.PUBLIC_URL && !isLocalAddress(env.PUBLIC_URL);
    if (chosen === 'test') return { provider: testCardProvider, mode: 'test', publicAddress };
    if (chosen) throw new PaymentSetupError(`PAYMENT_PROVIDER=${chosen} is not a provider this server knows: test`);
    if (!publicAddress) return { provider: testCardProvider, mode: 'test', publicAddress };
    return { provider: null, mode: 'off', publicAddress };
};

/** `GET /api/settings/payments` (admins and managers): what the settings page warns about. */
export const paymentSetupRoutes = (setup: PaymentSetup): Router => {
    const router = Router();
    router.get(
        '/settings/payments',
        handle((req, res) => {
            const { role } = (req as AuthenticatedRequest).user;
            if (role === 'teacher') throw forbidden('Your role may not read the payment settings');
            const answer: PaymentSetupAnswer = { mode: setup.mode, publicAddress: setup.publicAddress };
            res.json(answer);
        }),
    );
    return router;
};
