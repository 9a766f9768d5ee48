import express, { Router, type Request } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentSetupAnswer } from '../../domain/api';
import type { Clock } from '../../domain/time';
import type { AuthenticatedRequest } from '../http/auth';
import { badRequest, forbidden, handle, notFound } from '../http/errors';
import type { PaymentProvider } from './provider';
import type { Settlement } from './settle';
import type { PaymentSetup } from './setup';
import { TestCardError, type TestProvider } from './testProvider';

/*
 * What payment providers send the server, without sign-in: their notices at /api/public/providers/{name},
 * read as the raw bytes they were signed over (so this router comes before the API's JSON parser), and
 * the test provider's checkout page. A notice is believed only once the provider's checks pass (its
 * signature, token, sender or a second look at the payment); one that fails them writes nothing.
 */

export type NoticeAnswer = { status: number; type: string; body: string };

/** Takes a provider's notice: verified, settled, and answered as the provider expects. */
export const noticeReceiver =
    (provider: PaymentProvider, settlement: Settlement, log: Pick<Console, 'warn'>) =>
    async (raw: Buffer, headers: IncomingHttpHeaders, remoteIp: string): Promise<NoticeAnswer> => {
        const verdict = await provider.handleNotice(raw, headers, remoteIp);
        if (!verdict.verified) {
            log.warn(`A ${provider.name} notice from ${remoteIp} was refused: ${verdict.reason}.`);
            return provider.answer('rejected');
        }
        const checkCode = await settlement.settle(verdict.notice);
        return provider.answer(checkCode === null ? 'accepted' : { checkCode });
    };

export const providerNoticeRoutes = (
    provider: PaymentProvider | null,
    settlement: Settlement | null,
    log: Pick<Console, 'warn'>,
): Router => {
    const router = Router();
    if (!provider || !settlement) return router;
    const receive = noticeReceiver(provider, settlement, log);
    router.post(
        '/public/providers/:name',
        express.raw({ type: () => true, limit: '64kb' }),
        handle(async (req: Request, res) => {
            if (req.params.name !== provider.name) throw notFound(`This server takes no ${req.params.name} notices`);
            const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
            // Anything thrown (the database unreachable) answers 500: the provider sends the notice again.
            const answer = await receive(raw, req.headers, req.ip ?? '');
            res.status(answer.status).type(answer.type).send(answer.body);
        }),
    );
    return router;
};

/** The test provider's checkout page: what it shows of a payment, and the payer's card. */
export const testCheckoutRoutes = (provider: TestProvider, clock: Clock): Router => {
    const router = Router();
    router.get(
        '/public/test-checkout/:id',
        handle(async (req, res) => {
            const view = provider.view(req.params.id);
            if (!view) throw notFound('The test provider has no such payment');
            res.json(view);
        }),
    );
    router.post(
        '/public/test-checkout/:id',
        handle(async (req, res) => {
            if (!provider.view(req.params.id)) throw notFound('The test provider has no such payment');
            try {
                res.json(await provider.pay(req.params.id, req.body, clock()));
            } catch (error) {
                if (error instanceof TestCardError) throw badRequest(error.message, { [error.field]: error.key });
                throw error;
            }
        }),
    );
    return router;
};

/** `GET /api/settings/payments` (admins and managers): what the settings page warns about. */
export const paymentSetupRoutes = (setup: PaymentSetup): Router => {
    const router = Router();
    router.get(
        '/settings/payments',
        handle((req, res) => {
            const { role } = (req as AuthenticatedRequest).user;
            if (role === 'teacher') throw forbidden('Your role may not read the payment settings');
            const answer: PaymentSetupAnswer = {
                mode: setup.mode,
                publicAddress: setup.publicAddress,
                provider: setup.provider?.name ?? null,
                noticeUrl: setup.noticeUrl,
            };
            res.json(answer);
        }),
    );
    return router;
};
