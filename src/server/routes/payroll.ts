import { Router } from 'express';
import type { CloseAllAnswer, ClosedPeriodSummary, PayAttendee, TeacherPayAnswer } from '../../domain/api';
import { sortingName } from '../../domain/journal';
import { closeProblem, closingFigures, reopenProblem, type PayPeriod } from '../../domain/payPeriods';
import { payroll, type PayrollAnswer } from '../../domain/payroll';
import { canAccess, canOpenPage } from '../../domain/roles';
import { localDateTimeAt, studioToday, type Clock } from '../../domain/time';
import type { Identifier, User } from '../../domain/types';
import { badRequest, conflict, forbidden, handle, notFound } from '../http/errors';
import { coursesOf, periodsOf, teacherPeriodPay } from '../rules/closedPay';
import { startsWithin, type Reader, type Storage, type Transaction } from '../storage/types';
import { chargingStatuses, marksOf, studioConfig } from '../rules/studio';
import { numericId, periodOf, userOf } from '../http/requests';

/*
 * Teacher pay: one teacher's classes of a period and what each paid; the studio's pay of every teacher
 * for the accountant, computed the same way, so the two never disagree; and closing a period once paid
 * (managers and admins) and reopening it (admins).
 */

// One collator for every sort by name: building one per comparison is most of the cost of sorting.
const byName = new Intl.Collator('ru');

const summary = ({
    lines: _lines,
    adjustments: _adjustments,
    adjustedOn: _adjustedOn,
    ...period
}: PayPeriod): ClosedPeriodSummary => period;

/** The studio's date at the instant `now`. */
const today = async (reader: Reader, now: Date) => studioToday((await studioConfig(reader)).timezone, now);

const teacherOf = async (reader: Reader, id: Identifier) => {
    const teacher = await reader.get('users', id);
    if (teacher?.role !== 'teacher') throw notFound(`No teacher ${id}`);
    return teacher;
};

const refuseClosing = (user: Pick<User, 'role'>) => {
    if (!canOpenPage(user.role, 'payroll')) throw forbidden('Pay periods are closed by managers and admins');
};

/** Closes a teacher's days `from`..`to` with the figures they pay now, or answers why not. */
const closePeriod = async (
    tx: Transaction,
    teacher: Pick<User, 'id' | 'pay'>,
    from: string,
    to: string,
    user: Pick<User, 'id' | 'name'>,
    now: Date,
): Promise<PayPeriod | string> => {
    const problem = closeProblem(await periodsOf(tx, teacher.id), from, to, await today(tx, now));
    if (problem) return Object.values(problem)[0];
    const pay = await teacherPeriodPay(tx, teacher, from, to);
    return tx.insert('payPeriods', {
        teacherId: teacher.id,
        startsOn: from,
        endsOn: to,
        ...closingFigures(pay),
        adjustments: [],
        adjustedOn: null,
        closedBy: user.id,
        closedByName: user.name,
        reopenedAt: null,
        reopenedBy: null,
        reopenedByName: null,
    });
};

const closeRefusal = (problem: string) =>
    problem === 'app.validation.pay_close_past'
        ? badRequest('Only days before today can be closed', { to: problem })
        : conflict('Some days of this period are closed already', { from: problem });

/** `clock` is the server's: which days are past, and when a period was reopened. */
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
            const { from, to } = periodOf(req.query);
            const instant = clock();
            const [pay, day, periods, now] = await Promise.all([
                teacherPeriodPay(storage, teacher, from, to),
                today(storage, instant),
                periodsOf(storage, teacherId),
                studioConfig(storage).then(config => localDateTimeAt(instant, config.timezone)),
            ]);
            const names = new Map(
                (await storage.getMany('customers', [...new Set(pay.marks.map(mark => mark.customerId))])).map(
                    customer => [customer.id, sortingName(customer)],
                ),
            );
            const attendeesOf = (eventId: Identifier): PayAttendee[] =>
                pay.marks
                    .filter(mark => mark.eventId === eventId)
                    .map(mark => ({
                        customerId: mark.customerId,
                        name: names.get(mark.customerId) ?? `#${mark.customerId}`,
                        status: mark.status,
                        unpaid: mark.unpaid,
                    }))
                    .sort((a, b) => byName.compare(a.name, b.name));
            const answer: TeacherPayAnswer = {
                teacher: { id: teacher.id, name: teacher.name, pay: teacher.pay },
                from,
                to,
                visits: pay.visits,
                total: pay.total,
                events: pay.events.map(row => ({
                    ...row,
                    attendees: attendeesOf(row.event.id),
                    open: row.event.status === 'planned' && row.event.startsAt <= now,
                })),
                adjustments: pay.adjustments,
                periods: periods
                    .filter(period => period.startsOn <= to && from <= period.endsOn)
                    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
                    .map(summary),
                closable: closeProblem(periods, from, to, day) === null,
            };
            res.json(answer);
        }),
    );

    router.get(
        '/reports/pay',
        handle(async (req, res) => {
            if (!canOpenPage(userOf(req).role, 'payroll'))
                throw forbidden('The pay of all teachers is for managers and admins');
            const { from, to } = periodOf(req.query);
            const [teachers, events, charging, overlapping, adjusted] = await Promise.all([
                storage.select('users', { role: 'teacher' }),
                storage.select('events', startsWithin(from, to)),
                chargingStatuses(storage),
                storage.select('payPeriods', [
                    { field: 'startsOn', kind: 'lte', value: to },
                    { field: 'endsOn', kind: 'gte', value: from },
                ]),
                // Adjustments paid in the period belong to closed periods before it.
                storage.select('payPeriods', [{ field: 'adjustedOn', kind: 'gte', value: from }]),
            ]);
            const [marks, courses] = await Promise.all([marksOf(storage, events), coursesOf(storage, events)]);
            const periods = [...new Map([...overlapping, ...adjusted].map(period => [period.id, period])).values()];
            const { lines, total } = payroll(teachers, events, marks, charging, courses, periods, { from, to });
            const answer: PayrollAnswer = { from, to, teachers: lines, total };
            res.json(answer);
        }),
    );

    router.post(
        '/teachers/:id/pay/close',
        handle(async (req, res) => {
            const user = userOf(req);
            refuseClosing(user);
            const { from, to } = periodOf(req.body);
            const now = clock();
            const closed = await storage.transaction(async tx => {
                const teacher = await teacherOf(tx, numericId(req.params.id));
                const result = await closePeriod(tx, teacher, from, to, user, now);
                if (typeof result === 'string') throw closeRefusal(result);
                return result;
            });
            res.status(201).json(summary(closed));
        }),
    );

    router.post(
        '/reports/pay/close',
        handle(async (req, res) => {
            const user = userOf(req);
            refuseClosing(user);
            const { from, to } = periodOf(req.body);
            const now = clock();
            if (to >= (await today(storage, now)))
                throw badRequest('Only days before today can be closed', { to: 'app.validation.pay_close_past' });
            // Every teacher's period in one write: the studio's month is closed for all, or for none if it fails.
            const answer = await storage.transaction(async (tx): Promise<CloseAllAnswer> => {
                const closed: ClosedPeriodSummary[] = [];
                const skipped: CloseAllAnswer['skipped'] = [];
                for (const teacher of (await tx.select('users', { role: 'teacher' })).sort((a, b) => a.id - b.id)) {
                    const result = await closePeriod(tx, teacher, from, to, user, now);
                    if (typeof result === 'string') skipped.push({ teacherId: teacher.id, name: teacher.name });
                    else closed.push(summary(result));
                }
                return { closed, skipped };
            });
            res.json(answer);
        }),
    );

    router.post(
        '/payPeriods/:id/reopen',
        handle(async (req, res) => {
            const user = userOf(req);
            if (user.role !== 'admin') throw forbidden('A closed period is reopened by an admin');
            const now = clock();
            const reopened = await storage.transaction(async tx => {
                const period = await tx.get('payPeriods', numericId(req.params.id));
                if (!period) throw notFound(`payPeriods ${req.params.id} does not exist`);
                const problem = reopenProblem(await periodsOf(tx, period.teacherId), period);
                if (problem === 'app.validation.pay_open')
                    throw conflict('This period is open already', { id: problem });
                if (problem)
                    throw conflict('A later period of this teacher is closed: reopen it first', { id: problem });
                return tx.update('payPeriods', {
                    ...period,
                    reopenedAt: now.toISOString(),
                    reopenedBy: user.id,
                    reopenedByName: user.name,
                });
            });
            res.json(summary(reopened));
        }),
    );

    return router;
};
