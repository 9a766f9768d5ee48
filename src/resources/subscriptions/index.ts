import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import type { Subscription } from '../../domain/types';
import { SubscriptionCreate } from './SubscriptionCreate';
import { SubscriptionEdit } from './SubscriptionEdit';
import { SubscriptionList } from './SubscriptionList';

export default {
    list: SubscriptionList,
    create: SubscriptionCreate,
    edit: SubscriptionEdit,
    icon: CardMembershipOutlined,
    recordRepresentation: (record: Subscription) => record.name,
};
