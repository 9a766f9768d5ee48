import type { Identifier } from '../../domain/types';
import { invalidFields } from '../http/errors';
import type { Reader, Row } from '../storage/types';

/** Groups and classes are taught by users whose role is teacher. */
export const refuseNonTeacher = async (record: Row, reader: Reader) => {
    const teacher = await reader.get('users', record.teacherId as Identifier);
    if (teacher && teacher.role !== 'teacher') throw invalidFields({ teacherId: 'app.validation.not_a_teacher' });
};
