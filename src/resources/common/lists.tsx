import { ReferenceInput, SearchInput } from 'react-admin';

/** The search box every list starts with. */
export const searchFilter = <SearchInput key="q" source="q" alwaysOn />;

/** Who teaches, where and what: the filters shared by the timetable's lists. */
export const timetableFilters = [
    <ReferenceInput key="teacher" source="teacherId" reference="settings/users" filter={{ role: 'teacher' }} />,
    <ReferenceInput key="studio" source="studioId" reference="settings/studios" />,
    <ReferenceInput key="course" source="courseId" reference="settings/courses" />,
];
