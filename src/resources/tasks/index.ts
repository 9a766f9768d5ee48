import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { lazyComponent } from '../../app/lazy';
import type { Task } from '../../domain/tasks';

/* Staff's tasks: made by hand or by the server's rules, closed as done or skipped with a note. */
export default {
    list: lazyComponent(() => import('./TaskList'), 'TaskList'),
    create: lazyComponent(() => import('./TaskCreate'), 'TaskCreate'),
    edit: lazyComponent(() => import('./TaskEdit'), 'TaskEdit'),
    icon: TaskAltOutlined,
    recordRepresentation: (record: Task) => record.title,
};
