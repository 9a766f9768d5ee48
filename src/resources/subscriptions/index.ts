import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import type { Subscription } from '../../domain/types';
import { SubscriptionList } from './SubscriptionList';

export default {
    list: SubscriptionList,
    icon: CardMembershipOutlined,
    recordRepresentation: (record: Subscription) => record.name,
};
