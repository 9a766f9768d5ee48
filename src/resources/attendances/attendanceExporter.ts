import { useTranslate, type Exporter } from 'react-admin';
import { toCsv } from '../../domain/csv';
import type { Attendance, Course, Customer, StudioEvent, User } from '../../domain/types';
import { sortingName } from '../../domain/journal';
import { download } from '../../app/csv';
import { useStatuses } from '../common/statuses';

/**
 * The marks as staff read them: who, which class (its date, time and course), the teacher and the
 * mark's label, with translated headers and no internal ids.
 */
export const useAttendanceExporter = (): Exporter<Attendance> => {
    const translate = useTranslate();
    const statuses = useStatuses('attendance');
    return async (attendances, fetchRelated) => {
        const customers = await fetchRelated<Customer>(attendances, 'customerId', 'customers');
        const events = await fetchRelated<StudioEvent>(attendances, 'eventId', 'events');
        const classes = Object.values(events);
        const courses = await fetchRelated<Course>(classes, 'courseId', 'settings/courses');
        const teachers = await fetchRelated<User>(classes, 'teacherId', 'settings/users');
        const yesNo = (value: boolean) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
        const header = [
            translate('resources.attendances.fields.customerId'),
            translate('resources.attendances.fields.date'),
            translate('resources.attendances.fields.courseId'),
            translate('resources.attendances.fields.teacherId'),
            translate('resources.attendances.fields.status'),
            translate('resources.attendances.fields.charged'),
            translate('resources.attendances.fields.unpaid'),
        ];
        const rows = attendances.map(attendance => {
            const customer = customers[attendance.customerId];
            const event = events[attendance.eventId];
            return [
                customer ? sortingName(customer) : '',
                event ? event.startsAt.replace('T', ' ') : '',
                (event && courses[event.courseId]?.name) ?? '',
                (event && teachers[event.teacherId]?.name) ?? '',
                statuses.find(status => status.code === attendance.status)?.label ?? attendance.status,
                yesNo(attendance.charged),
                yesNo(attendance.unpaid),
            ];
        });
        download('attendances.csv', toCsv([header, ...rows]));
    };
};
