import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { lazyComponent } from '../../app/lazy';
import type { Schedule } from '../../domain/types';

export default {
    list: lazyComponent(() => import('./ScheduleList'), 'ScheduleList'),
    // The seed opens a group at /schedules/{id}, react-admin's edit path.
    edit: lazyComponent(() => import('./ScheduleEdit'), 'ScheduleEdit'),
    create: lazyComponent(() => import('./ScheduleCreate'), 'ScheduleCreate'),
    icon: GroupsOutlined,
    recordRepresentation: (record: Schedule) => record.title ?? `#${record.id}`,
};
