import { readFileSync } from 'node:fs';
import { addDays, studioToday, weekdayOf } from '../../src/domain/time';
import type { Attendance, Database, Schedule, StudioEvent } from '../../src/domain/types';
import { addCustomer, addPass, nextId } from './factories';
import { demoDb } from './server';

/*
 * The demo database of the teacher's window journeys (tests/e2e/teacher-window.test.ts): Anna's early
 * group, with a class today, one five days ago marked back then, and one three days ahead.
 */

export const db = JSON.parse(readFileSync(demoDb, 'utf8')) as Database;
export const today = studioToday(db.configs[0].timezone, new Date());
const anna = 3;
const createdAt = new Date().toISOString();

/** Two people of Anna's early group, named so that nobody else in the demo matches them. */
const person = (lastName: string) => addCustomer(db, { firstName: 'Window', lastName, phone: '+7 900 555-00-11' });
export const todayPupil = person('Todayeva');
const oldPupil = person('Oldova');

// Todayeva holds an 8-visit pass for any direction, so that her visit today is charged.
addPass(db, {
    customerId: todayPupil.id,
    subscriptionId: 3,
    price: 5200,
    startsOn: addDays(today, -10),
    endsOn: addDays(today, 20),
});

const group: Schedule = {
    id: nextId(db.schedules),
    title: 'E2E window group',
    courseId: 1,
    teacherId: anna,
    studioId: 3,
    slots: [{ weekday: weekdayOf(today), startTime: '05:10', durationMinutes: 30 }],
    startsOn: addDays(today, -30),
    endsOn: null,
    capacity: 10,
    bookable: true,
    customerIds: [todayPupil.id, oldPupil.id],
    active: true,
    createdAt,
};
db.schedules.push(group);

/** One of the group's classes `days` from today, at 05:10, before any demo class. */
const classOn = (days: number, title: string): StudioEvent => {
    const event: StudioEvent = {
        id: nextId(db.events),
        scheduleId: group.id,
        title,
        courseId: 1,
        teacherId: anna,
        studioId: 3,
        startsAt: `${addDays(today, days)}T05:10`,
        durationMinutes: 30,
        capacity: 10,
        bookable: true,
        // Classes of days past were closed; today's and later ones are still open.
        status: days < 0 ? 'done' : 'planned',
        notes: null,
        createdAt,
    };
    db.events.push(event);
    return event;
};
export const todays = classOn(0, 'E2E today class');
export const old = classOn(-5, 'E2E old class');
export const later = classOn(3, 'E2E later class');

// The old class was marked back then, by its teacher: a debt, as Oldova has no pass.
export const oldMark: Attendance = {
    id: nextId(db.attendances),
    eventId: old.id,
    customerId: oldPupil.id,
    status: 'attended',
    passId: null,
    charged: false,
    unpaid: true,
    markedBy: anna,
    createdAt,
};
