import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { AttendanceList } from './AttendanceList';

/* /attendances/{teacher} is a teacher's page, not an attendance record: attendances have no edit route. */
export default {
    list: AttendanceList,
    icon: FactCheckOutlined,
};
