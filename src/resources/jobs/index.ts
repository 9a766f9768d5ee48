import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import { lazyComponent } from '../../app/lazy';

/* The server's periodic jobs, for admins to read: the server alone writes them. */
export default {
    list: lazyComponent(() => import('./JobList'), 'JobList'),
    icon: ScheduleOutlined,
};
