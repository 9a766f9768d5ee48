import { randomBytes } from 'node:crypto';
import { call, login } from './server';

/*
 * A teacher and a hall of a test's own, for the journeys that make classes at times the real clock picks:
 * the demo's timetable keeps its teachers and halls busy at set hours, so a class made beside them
 * clashes on some days and not on others. Nobody else teaches or books in these.
 */

export interface OwnTimetable {
    teacherId: number;
    studioId: number;
}

/** Makes a teacher (who can sign in with `password`) and a hall of their own on the server at `url`. */
export const ownTeacherAndHall = async (url: string, label = 'E2E'): Promise<OwnTimetable & { email: string }> => {
    const token = await login(url, 'admin');
    const tag = randomBytes(4).toString('hex');
    const made = async (path: string, json: Record<string, unknown>) => {
        const answer = await call(url, `/api${path}`, { method: 'POST', token, json });
        if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${answer.text}`);
        return (answer.body as unknown as { id: number }).id;
    };
    const email = `teacher-${tag}@example.test`;
    const teacherId = await made('/users', {
        name: `${label} teacher ${tag}`,
        email,
        role: 'teacher',
        password: ownTeacherPassword,
        pay: [
            {
                from: null,
                kind: 'per_attendee',
                amount: 300,
                bonus: 0,
                threshold: 0,
                minimum: 0,
                directionId: null,
                courseId: null,
            },
        ],
    });
    const studioId = await made('/studios', { name: `${label} hall ${tag}`, capacity: 50 });
    return { teacherId, studioId, email };
};

export const ownTeacherPassword = 'own-teacher-pass';
