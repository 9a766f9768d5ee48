import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { lazyComponent } from '../../app/lazy';

export default {
    list: lazyComponent(() => import('./HistoryList'), 'HistoryList'),
    icon: HistoryOutlined,
};
