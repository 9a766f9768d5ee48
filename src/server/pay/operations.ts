import type { CloseAllAnswer, ClosedPeriodSummary } from '../../domain/api';
import { closeProblem, closingFigures, reopenProblem, type PayPeriod } from '../../domain/payPeriods';
import { canOpenPage } from '../../domain/roles';
import { studioToday } from '../../domain/time';
import type { Identifier, User } from '../../domain/types';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { periodsOf, teacherPeriodPay } from './closedPay';
import type { Reader, Transaction } from '../storage/types';
import { studioConfig } from '../rules/studio';

/*
 * Closing a teacher's pay period once paid, with the figures it pays now (managers and admins), every
 * teacher's at once, and reopening one (admins); a change to a class of a closed period is then paid as
 * an adjustment (closedPay.ts).
 */

// One collator for every sort by name: building one per comparison is most of the cost of sorting.
export const byName = new Intl.Collator('ru');

export const summary = ({
    lines: _lines,
    adjustments: _adjustments,
    adjustedOn: _adjustedOn,
    ...period
}: PayPeriod): ClosedPeriodSummary => period;

/** The studio's date at the instant `now`. */
export const today = async (reader: Reader, now: Date) => studioToday((await studioConfig(reader)).timezone, now);

export const teacherOf = async (reader: Reader, id: Identifier) => {
    const teacher = await reader.get('users', id);
    if (teacher?.role !== 'teacher') throw notFound(`No teacher ${id}`);
    return teacher;
};

export const refuseClosing = (user: Pick<User, 'role'>) => {
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

/** Closes one teacher's days `from`..`to`. */
export const closeTeacherPeriod = async (
    tx: Transaction,
    teacherId: Identifier,
    { from, to }: { from: string; to: string },
    user: Pick<User, 'id' | 'name'>,
    now: Date,
): Promise<ClosedPeriodSummary> => {
    const teacher = await teacherOf(tx, teacherId);
    const result = await closePeriod(tx, teacher, from, to, user, now);
    if (typeof result === 'string') throw closeRefusal(result);
    return summary(result);
};

/** Closes every teacher's period in one write: the studio's month is closed for all, or for none if it fails. */
export const closeAllPeriods = async (
    tx: Transaction,
    { from, to }: { from: string; to: string },
    user: Pick<User, 'id' | 'name'>,
    now: Date,
): Promise<CloseAllAnswer> => {
    const closed: ClosedPeriodSummary[] = [];
    const skipped: CloseAllAnswer['skipped'] = [];
    for (const teacher of (await tx.select('users', { role: 'teacher' })).sort((a, b) => a.id - b.id)) {
        const result = await closePeriod(tx, teacher, from, to, user, now);
        if (typeof result === 'string') skipped.push({ teacherId: teacher.id, name: teacher.name });
        else closed.push(summary(result));
    }
    return { closed, skipped };
};

/** Reopens a closed period: only the latest closed period of its teacher. */
export const reopenPeriod = async (
    tx: Transaction,
    id: Identifier,
    user: Pick<User, 'id' | 'name'>,
    now: Date,
): Promise<ClosedPeriodSummary> => {
    const period = await tx.get('payPeriods', id);
    if (!period) throw notFound(`payPeriods ${id} does not exist`);
    const problem = reopenProblem(await periodsOf(tx, period.teacherId), period);
    if (problem === 'app.validation.pay_open') throw conflict('This period is open already', { id: problem });
    if (problem) throw conflict('A later period of this teacher is closed: reopen it first', { id: problem });
    return summary(
        await tx.update('payPeriods', {
            ...period,
            reopenedAt: now.toISOString(),
            reopenedBy: user.id,
            reopenedByName: user.name,
        }),
    );
};
