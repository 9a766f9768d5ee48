import { Router } from 'express';
import { z } from 'zod';
import { intervals } from '../../domain/income';
import { isoDate } from '../../domain/fields';
import { canOpenPage } from '../../domain/permissions';
import { daysBetween, type Clock } from '../../domain/time';
import { validate } from '../../domain/validation';
import { forbidden, handle, invalidFields } from '../http/errors';
import type { Storage } from '../storage/types';
import { userOf } from '../http/requests';
import { dashboard, incomeStatistics } from './reports';

/** The longest stretch the income statistics answer at once: ten years. */
const maxDays = 3660;

const incomeQuery = z
    .object({ from: isoDate, to: isoDate, interval: z.enum(intervals).default('day') })
    .strict()
    .refine(query => query.from <= query.to, { message: 'app.validation.ends_before_start', path: ['to'] })
    .refine(query => query.from > query.to || daysBetween(query.from, query.to) < maxDays, {
        message: 'app.validation.too_large',
        path: ['to'],
    });

export const statisticsRoutes = (storage: Storage, clock: Clock): Router => {
    const router = Router();
    router.get(
        '/statistics/incomes',
        handle(async (req, res) => {
            if (!canOpenPage(userOf(req).role, 'statistics')) throw forbidden('Statistics are for managers and admins');
            const query = validate(incomeQuery, req.query);
            if (!query.ok) throw invalidFields(query.errors);
            const { from, to, interval } = query.value;
            res.json(await incomeStatistics(storage, { from, to }, interval, clock()));
        }),
    );
    router.get(
        '/dashboard',
        handle(async (req, res) => {
            res.json(await dashboard(storage, userOf(req), clock()));
        }),
    );
    return router;
};
