import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { lazyComponent } from '../../app/lazy';

/* The outbox: every message to customers, read and resent by staff; the server writes them. */
export default {
    list: lazyComponent(() => import('./MessageList'), 'MessageList'),
    icon: ForumOutlined,
};
