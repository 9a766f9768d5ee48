import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import type { User } from '../../domain/types';
import { UserList } from './UserList';

export default {
    list: UserList,
    icon: ManageAccountsOutlined,
    recordRepresentation: (record: User) => record.name,
};
