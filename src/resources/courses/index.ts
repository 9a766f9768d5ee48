import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import { lazyComponent } from '../../app/lazy';
import type { Course } from '../../domain/types';

export default {
    list: lazyComponent(() => import('./CourseList'), 'CourseList'),
    create: lazyComponent(() => import('./CourseCreate'), 'CourseCreate'),
    edit: lazyComponent(() => import('./CourseEdit'), 'CourseEdit'),
    icon: SchoolOutlined,
    recordRepresentation: (record: Course) => record.name,
};
