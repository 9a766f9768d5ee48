import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { AttendanceList } from './AttendanceList';

/* /attendances/{teacher} is a teacher's page (src/pages/teacherAttendances), not an attendance record. */
export default {
    list: AttendanceList,
    icon: FactCheckOutlined,
};
