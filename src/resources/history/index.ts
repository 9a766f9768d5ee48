import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { HistoryList } from './HistoryList';

export default {
    list: HistoryList,
    icon: HistoryOutlined,
};
