import { Router, type Request } from 'express';
import { payroll, type PayrollAnswer } from '../domain/pay';
import { canOpenPage } from '../domain/roles';
import type { AuthenticatedRequest } from './auth';
import { forbidden, handle } from './errors';
import { startsWithin, type Storage } from './storage/types';
import { chargingStatuses } from './studio';
import { marksOf, periodOf } from './timetable';

/*
 * The studio's teacher pay for a period, a line per teacher, for the accountant: each line is what the
 * teacher's own pay page shows for the period (the same rates, by date), so the two never disagree.
 */

const userOf = (req: Request) => (req as AuthenticatedRequest).user;

export const payrollRoutes = (storage: Storage): Router => {
    const router = Router();
    router.get(
        '/reports/pay',
        handle(async (req, res) => {
            if (!canOpenPage(userOf(req).role, 'payroll')) throw forbidden('The pay of all teachers is for managers and admins');
            const { from, to } = periodOf(req.query);
            const [teachers, events, charging] = await Promise.all([storage.select('users', { role: 'teacher' }), storage.select('events', startsWithin(from, to)), chargingStatuses(storage)]);
            const courses = await storage.getMany('courses', [...new Set(events.map(event => event.courseId))]);
            const { lines, total } = payroll(teachers, events, await marksOf(storage, events), charging, new Map(courses.map(course => [course.id, course])));
            const answer: PayrollAnswer = { from, to, teachers: lines, total };
            res.json(answer);
        }),
    );
    return router;
};
