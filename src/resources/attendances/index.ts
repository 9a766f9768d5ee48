import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { lazyComponent } from '../../app/lazy';

/* /attendances/{teacher} is a teacher's page (src/pages/teacherAttendances), not an attendance record. */
export default {
    list: lazyComponent(() => import('./AttendanceList'), 'AttendanceList'),
    icon: FactCheckOutlined,
};
