import type { LeftOpenClass } from '../../domain/api';
import {
    addMinutes,
    autoCloseDue,
    autoCloseLookbackDays,
    autoCloseWindow,
    closeRefusal,
    hasEnded,
    isLeftOpen,
    reopenRefusal,
    type CloseRefusal,
} from '../../domain/closing';
import { canAccess } from '../../domain/permissions';
import type { Identifier, StudioEvent, User } from '../../domain/types';
import { canSee, visibilityFilters } from '../http/access';
import { asJob } from '../http/audit';
import { conflict, forbidden, notFound } from '../http/errors';
import { adjustClosedPay, refuseClosedForTeacher } from '../pay';
import type { Reader, Row, Storage, Transaction } from '../storage/types';
import { studioConfig, studioNow } from '../rules/studio';
import { penalizeNoShows, reverseNoShows } from '../policy';
import { expireLines, settleMakeUpNoShows } from '../bookings';
import { decideNoShowsAtEnd } from './noShows';

/*
 * Closing a class (`done`): its teacher, managers and admins, once it has started; reopening it is for
 * managers and admins. A closed class pays its teacher per class held, so a change to one of a closed
 * pay period is paid as an adjustment. Closing decides the no-shows only when the class has ended: those
 * of a class closed while it was on are decided by the server's sweep after its end. The server closes,
 * now and then, the classes with marks left open configs.autoCloseHours after their end. Every rule here
 * judges the time by the server's clock.
 */

const refusals: Record<CloseRefusal, string> = {
    cancelled: 'A cancelled class cannot be closed',
    not_started: 'The class has not started yet: it can be closed once it starts',
    not_closed: 'The class is not closed',
};

const refuse = (refusal: CloseRefusal) => conflict(refusals[refusal], { eventId: `app.timetable.close.${refusal}` });

/** A database made before the setting holds no value: the schema's default applies. */
const autoCloseHoursOf = async (reader: Reader) => (await studioConfig(reader)).autoCloseHours ?? 12;

/**
 * Sets the class's status at the instant `now` (`local` on the studio's wall clock), and pays the change
 * as an adjustment when its pay period is closed.
 */
const setStatus = async (
    tx: Transaction,
    event: StudioEvent,
    status: StudioEvent['status'],
    user: Pick<User, 'id' | 'name'> | null,
    now: Date,
    local: string,
) => {
    const stored = await tx.update('events', { ...event, status });
    // Closing an ended class decides the no-shows (the seats still booked with no mark or a missed one):
    // while it is on, somebody may still come, so the sweep decides them at its end. Reopening takes them back.
    if (status === 'done' && event.status !== 'done' && hasEnded(event, local)) {
        await penalizeNoShows(tx, stored, now);
        await settleMakeUpNoShows(tx, stored, true, now);
    }
    if (status !== 'done' && event.status === 'done') {
        await reverseNoShows(tx, stored);
        await settleMakeUpNoShows(tx, stored, false, now);
    }
    await adjustClosedPay(tx, user, now, [event.id], [event]);
    return stored;
};

/** The class named, as this user may see it: a teacher only their own. */
const visibleEvent = async (reader: Reader, id: Identifier, user: User) => {
    const event = await reader.get('events', id);
    if (!event) throw notFound(`events ${id} does not exist`);
    if (!(await canSee(user, 'events', event as Row, reader))) throw forbidden('This class is not yours to close');
    return event;
};

/** Closes a class that has started: its teacher, managers and admins. A class closed already is answered as it is. */
export const closeEvent = async (tx: Transaction, id: Identifier, user: User, now: Date) => {
    const event = await visibleEvent(tx, id, user);
    const local = await studioNow(tx, now);
    const refusal = closeRefusal(event, local);
    if (refusal) throw refuse(refusal);
    if (event.status === 'done') return event;
    await refuseClosedForTeacher(tx, event, user);
    return setStatus(tx, event, 'done', user, now, local);
};

/** Reopens a closed class: managers and admins. */
export const reopenEvent = async (tx: Transaction, id: Identifier, user: User, now: Date) => {
    const event = await visibleEvent(tx, id, user);
    const refusal = reopenRefusal(event);
    if (refusal) throw refuse(refusal);
    return setStatus(tx, event, 'planned', user, now, await studioNow(tx, now));
};

/**
 * Closes every class with marks left open configs.autoCloseHours after its end at the instant `now`
 * (looking back a month), each in its own write, and decides the no-shows of the classes closed before
 * their end that have ended since; answers how many classes it closed or decided.
 */
export const closeDueClasses = (storage: Storage, now: Date): Promise<number> =>
    asJob('close-classes', async () => {
        const [local, hours] = await Promise.all([studioNow(storage, now), autoCloseHoursOf(storage)]);
        const { from, to } = autoCloseWindow(local, hours);
        const open = await storage.select('events', [
            { field: 'status', kind: 'equals', values: ['planned'] },
            { field: 'startsAt', kind: 'gte', value: from },
            { field: 'startsAt', kind: 'lte', value: to },
        ]);
        // The lines of classes that have started are over.
        await storage.transaction(tx => expireLines(tx, local));
        let closed = 0;
        for (const candidate of open) {
            const done = await storage.transaction(async tx => {
                const event = await tx.get('events', candidate.id);
                if (!event) return false;
                const marks = await tx.count('attendances', { eventId: event.id });
                if (!autoCloseDue(event, marks, local, hours)) return false;
                await setStatus(tx, event, 'done', null, now, local);
                return true;
            });
            if (done) closed++;
        }
        return closed + (await decideNoShowsAtEnd(storage, local, now));
    });

/**
 * What the roster tells the user about closing the class: whether the buttons work at `now`, why not,
 * and whether it has ended (closed before, its no-shows wait for the end).
 */
export const closingOf = async (
    reader: Reader,
    event: StudioEvent,
    user: Pick<User, 'role'>,
    now: Date,
): Promise<{ canClose: boolean; canReopen: boolean; refusal: CloseRefusal | null; ended: boolean }> => {
    const staff = user.role !== 'teacher' && canAccess(user.role, { resource: 'events', action: 'edit' });
    const local = await studioNow(reader, now);
    const refusal = event.status === 'done' ? null : closeRefusal(event, local);
    return {
        canClose: event.status === 'planned' && refusal === null,
        canReopen: staff && reopenRefusal(event) === null,
        refusal,
        ended: hasEnded(event, local),
    };
};

/** How many classes left open the dashboard lists. */
const leftOpenShown = 50;

/**
 * The classes of the month before `now` that ended with no marks and nobody closed (a teacher's own, for
 * a teacher): the server leaves them open, so staff look at them. Latest first.
 */
export const classesWithoutMarks = async (
    reader: Reader,
    user: User,
    now: Date,
): Promise<{ count: number; classes: LeftOpenClass[] }> => {
    const local = await studioNow(reader, now);
    const ended = (
        await reader.select('events', [
            { field: 'status', kind: 'equals', values: ['planned'] },
            { field: 'startsAt', kind: 'gte', value: addMinutes(local, -autoCloseLookbackDays * 24 * 60) },
            { field: 'startsAt', kind: 'lte', value: local },
            ...(await visibilityFilters(user, 'events', reader)),
        ])
    ).filter(event => isLeftOpen(event, local));
    const marked = new Set<Identifier>(
        (await reader.select('attendances', { eventId: ended.map(event => event.id) })).map(mark => mark.eventId),
    );
    const unmarked = ended
        .filter(event => !marked.has(event.id))
        .sort((a, b) => b.startsAt.localeCompare(a.startsAt) || b.id - a.id);
    const shown = unmarked.slice(0, leftOpenShown);
    const idsOf = (field: 'courseId' | 'teacherId') => [...new Set(shown.map(event => event[field]))];
    const [courses, teachers] = await Promise.all([
        reader.getMany('courses', idsOf('courseId')),
        reader.getMany('users', idsOf('teacherId')),
    ]);
    const nameOf = (records: { id: Identifier; name: string }[], id: Identifier) =>
        records.find(record => record.id === id)?.name ?? '';
    return {
        count: unmarked.length,
        classes: shown.map(event => ({
            id: event.id,
            startsAt: event.startsAt,
            course: nameOf(courses, event.courseId),
            title: event.title ?? null,
            teacher: nameOf(teachers, event.teacherId),
        })),
    };
};
