import { describe, expect, it } from 'vitest';
import { marking } from '../../src/domain/attendance';

describe('when the marks of a class may be written', () => {
    const on = (date: string, role = 'teacher', teacherEditDays = 2) =>
        marking({ date, today: '2026-11-23', role, teacherEditDays });

    it('opens on the class’s day, not before', () => {
        expect(on('2026-11-24')).toMatchObject({ future: true, locked: false });
        expect(on('2026-11-23')).toMatchObject({ future: false, locked: false });
    });

    it('keeps a teacher’s window open for the days set after the class, then locks it for teachers only', () => {
        expect(on('2026-11-21')).toEqual({
            future: false,
            locked: false,
            lastTeacherDay: '2026-11-23',
            teacherEditDays: 2,
        });
        expect(on('2026-11-20')).toMatchObject({ locked: true, lastTeacherDay: '2026-11-22' });
        expect(on('2026-11-20', 'manager')).toMatchObject({ locked: false });
        expect(on('2026-01-01', 'admin')).toMatchObject({ locked: false });
        expect(on('2026-11-22', 'teacher', 0)).toMatchObject({ locked: true });
        expect(on('2026-11-23', 'teacher', 0)).toMatchObject({ locked: false });
    });
});
