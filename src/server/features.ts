import { Router } from 'express';
import type { Store } from './store';

/*
 * The business endpoints, one router per feature (money, timetable, statistics...), mounted under /api.
 * `publicRoutes` need no sign-in (the payment page); `featureRoutes` come after authentication and
 * check roles themselves. A feature adds its router to the list it belongs to.
 */
export const publicRoutes = (_store: Store): Router[] => [];

export const featureRoutes = (_store: Store): Router[] => [];

export const mountAll = (routers: Router[]): Router => {
    const router = Router();
    routers.forEach(feature => router.use(feature));
    return router;
};
