import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import { lazyComponent } from '../../app/lazy';
import type { Lead } from './model';

/* People who may become customers: asked at the desk, by phone, or signed up in /my; won by their first paid pass. */
export default {
    list: lazyComponent(() => import('./LeadList'), 'LeadList'),
    create: lazyComponent(() => import('./LeadCreate'), 'LeadCreate'),
    edit: lazyComponent(() => import('./LeadEdit'), 'LeadEdit'),
    icon: PersonAddAltOutlined,
    recordRepresentation: (record: Lead) => record.name,
};
