import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import { lazyComponent } from '../../app/lazy';
import type { Subscription } from '../../domain/types';

export default {
    list: lazyComponent(() => import('./SubscriptionList'), 'SubscriptionList'),
    create: lazyComponent(() => import('./SubscriptionCreate'), 'SubscriptionCreate'),
    edit: lazyComponent(() => import('./SubscriptionEdit'), 'SubscriptionEdit'),
    icon: CardMembershipOutlined,
    recordRepresentation: (record: Subscription) => record.name,
};
