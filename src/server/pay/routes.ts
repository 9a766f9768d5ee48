import { Router } from 'express';
import { canAccess, canOpenPage } from '../../domain/roles';
import type { Clock } from '../../domain/time';
import { badRequest, forbidden, handle } from '../http/errors';
import { numericId, periodOf, userOf } from '../http/requests';
import type { Storage } from '../storage/types';
import { closeAllPeriods, closeTeacherPeriod, refuseClosing, reopenPeriod, teacherOf, today } from './operations';
import { studioPayroll, teacherPayOf } from './reports';

/*
 * Teacher pay's endpoints: a teacher's pay (their own, for a teacher), every teacher's, closing a period
 * (managers and admins) and reopening one (admins). `clock` is the server's: which days are past, and
 * when a period was reopened.
 */

export const payrollRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();

    router.get(
        '/teachers/:id/pay',
        handle(async (req, res) => {
            const user = userOf(req);
            const teacherId = numericId(req.params.id);
            if (user.role === 'teacher' && user.id !== teacherId) throw forbidden('A teacher sees their own pay only');
            if (user.role !== 'teacher' && !canAccess(user.role, { resource: 'events', action: 'list' }))
                throw forbidden();
            const teacher = await teacherOf(storage, teacherId);
            res.json(await teacherPayOf(storage, teacher, periodOf(req.query), clock()));
        }),
    );

    router.get(
        '/reports/pay',
        handle(async (req, res) => {
            if (!canOpenPage(userOf(req).role, 'payroll'))
                throw forbidden('The pay of all teachers is for managers and admins');
            res.json(await studioPayroll(storage, periodOf(req.query)));
        }),
    );

    router.post(
        '/teachers/:id/pay/close',
        handle(async (req, res) => {
            const user = userOf(req);
            refuseClosing(user);
            const period = periodOf(req.body);
            const now = clock();
            res.status(201).json(
                await storage.transaction(tx => closeTeacherPeriod(tx, numericId(req.params.id), period, user, now)),
            );
        }),
    );

    router.post(
        '/reports/pay/close',
        handle(async (req, res) => {
            const user = userOf(req);
            refuseClosing(user);
            const period = periodOf(req.body);
            const now = clock();
            if (period.to >= (await today(storage, now)))
                throw badRequest('Only days before today can be closed', { to: 'app.validation.pay_close_past' });
            res.json(await storage.transaction(tx => closeAllPeriods(tx, period, user, now)));
        }),
    );

    router.post(
        '/payPeriods/:id/reopen',
        handle(async (req, res) => {
            const user = userOf(req);
            if (user.role !== 'admin') throw forbidden('A closed period is reopened by an admin');
            const now = clock();
            res.json(await storage.transaction(tx => reopenPeriod(tx, numericId(req.params.id), user, now)));
        }),
    );

    return router;
};
