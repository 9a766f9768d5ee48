import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import type { Course } from '../../domain/types';
import { CourseCreate } from './CourseCreate';
import { CourseEdit } from './CourseEdit';
import { CourseList } from './CourseList';

export default {
    list: CourseList,
    create: CourseCreate,
    edit: CourseEdit,
    icon: SchoolOutlined,
    recordRepresentation: (record: Course) => record.name,
};
