import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import { lazyComponent } from '../../app/lazy';
import type { MembershipListRecord as ListedMembership } from '../../domain/api/memberships';

/* Memberships that renew by themselves each month, charged to the payer's saved card. */
export default {
    list: lazyComponent(() => import('./MembershipList'), 'MembershipList'),
    icon: AutorenewOutlined,
    recordRepresentation: (record: ListedMembership) =>
        [record.planName, record.customerName].filter(Boolean).join(' · ') || `#${record.id}`,
};
