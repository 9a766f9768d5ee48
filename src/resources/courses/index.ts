import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import type { Course } from '../../domain/types';
import { CourseList } from './CourseList';

export default {
    list: CourseList,
    icon: SchoolOutlined,
    recordRepresentation: (record: Course) => record.name,
};
