import { ReferenceField, useRecordContext } from 'react-admin';
import { classTitle, ownTitle } from '../../domain/timetable';
import type { Course, Identifier } from '../../domain/types';

interface Titled {
    courseId: Identifier;
    title?: string | null;
}

/** The course's name read by the field below, and the class's title beside it. */
const TitleOf = ({ title, own }: { title: string | null | undefined; own: boolean }) => {
    const course = useRecordContext<Course>();
    return <>{own ? ownTitle(title, course?.name) : classTitle(course?.name, title)}</>;
};

/**
 * A class's or a group's name with its course said once: "Виньяса-флоу · Ср/Пт 14:00", whether the title
 * is "Ср/Пт 14:00" or repeats the course. `own`: only what the title adds, for a table that shows the
 * course in a column of its own.
 */
export const ClassTitleField = ({ own = false }: { own?: boolean; label?: string }) => {
    const record = useRecordContext<Titled>();
    if (!record) return null;
    return (
        <ReferenceField<Titled> source="courseId" reference="settings/courses" link={false}>
            <TitleOf title={record.title} own={own} />
        </ReferenceField>
    );
};
