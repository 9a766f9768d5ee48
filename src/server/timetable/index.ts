/*
 * The timetable room: groups and their classes, generating them, marks and what they charge, a class's
 * roster and a group's journal, closing and reopening a class. Other code uses it through this index only.
 */
export { classesWithoutMarks, closeDueClasses } from './closing';
export { attendanceRules } from './marks';
export { timetableRoutes } from './routes';
export { eventRules, scheduleRules } from './rules';
