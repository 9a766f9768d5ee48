import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import type { Schedule } from '../../domain/types';
import { ScheduleCreate } from './ScheduleCreate';
import { ScheduleEdit } from './ScheduleEdit';
import { ScheduleList } from './ScheduleList';

export default {
    list: ScheduleList,
    // The seed opens a group at /schedules/{id}, react-admin's edit path.
    edit: ScheduleEdit,
    create: ScheduleCreate,
    icon: GroupsOutlined,
    recordRepresentation: (record: Schedule) => record.title ?? `#${record.id}`,
};
