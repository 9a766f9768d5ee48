import { Router } from 'express';
import { moneyRoutes } from './money';
import { publicPaymentRoutes } from './publicPayments';
import { settingsRoutes } from './settings';
import { statisticsRoutes } from './statistics';
import { timetableRoutes } from './timetable';
import type { Store } from './store';

/*
 * The business endpoints, one router per feature (money, timetable, statistics...), mounted under /api.
 * `publicRoutes` need no sign-in (the payment page); `featureRoutes` come after authentication and
 * check roles themselves. A feature adds its router to the list it belongs to.
 */
export const publicRoutes = (store: Store): Router[] => [publicPaymentRoutes(store)];

export const featureRoutes = (store: Store): Router[] => [statisticsRoutes(store), moneyRoutes(store), settingsRoutes(store), timetableRoutes(store)];

export const mountAll = (routers: Router[]): Router => {
    const router = Router();
    routers.forEach(feature => router.use(feature));
    return router;
};
