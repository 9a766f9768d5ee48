import { Router, type Request } from 'express';
import type * as Api from '../../domain/api/privacy';
import type { Clock } from '../../domain/time';
import type { Customer } from '../../domain/types';
import { currentActor } from '../http/audit';
import { forbidden, handle } from '../http/errors';
import type { PortalRequest } from '../http/portalSessions';
import { found, numericId, userOf } from '../http/requests';
import type { Storage } from '../storage/types';
import { eraseCustomer, requestErasure } from './operations';
import { exportFileName, exportPerson } from './personalData';

/*
 * Personal data over HTTP. Admins export what is held about a customer and erase it; the customer, in
 * the portal, takes their own export and asks for the erasure (a task for the admins).
 */

const adminsOnly = (req: Request) => {
    if (userOf(req).role !== 'admin') throw forbidden("Only admins export or erase a person's data");
};

const sendExport = async (res: Parameters<Parameters<typeof handle>[0]>[1], body: Api.PersonalDataExport) => {
    const customerId = body.person.customer.id as number;
    res.setHeader(
        'Content-Disposition',
        `attachment; filename="${exportFileName(customerId, new Date(body.exportedAt))}"`,
    );
    res.json(body);
};

export const privacyRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();
    router.get(
        '/customers/:id/export',
        handle(async (req, res) => {
            adminsOnly(req);
            const customer = await found(storage, 'customers', numericId(req.params.id), 'customers');
            await sendExport(res, await exportPerson(storage, customer, clock()));
        }),
    );
    router.post(
        '/customers/:id/erase',
        handle(async (req, res) => {
            adminsOnly(req);
            const id = numericId(req.params.id);
            const { confirm } = (req.body ?? {}) as Partial<Api.EraseRequest>;
            const actor = currentActor();
            const now = clock();
            const erased = await storage.forgetting(tx => eraseCustomer(tx, { id, confirm, actor, now }));
            res.json(erased);
        }),
    );
    return router;
};

const customerOf = (req: Request): Customer => (req as PortalRequest).customer;

export const portalPrivacyRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();
    router.get(
        '/portal/me/export',
        handle(async (req, res) => {
            const me = await found(storage, 'customers', customerOf(req).id, 'customers');
            await sendExport(res, await exportPerson(storage, me, clock()));
        }),
    );
    router.post(
        '/portal/me/erase',
        handle(async (req, res) => {
            const now = clock();
            const answer = await storage.transaction(tx => requestErasure(tx, customerOf(req), now));
            res.status(202).json(answer satisfies Api.ErasureRequestAnswer);
        }),
    );
    return router;
};
