import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import type { User } from '../../domain/types';
import { UserCreate } from './UserCreate';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

export default {
    list: UserList,
    create: UserCreate,
    edit: UserEdit,
    icon: ManageAccountsOutlined,
    recordRepresentation: (record: User) => record.name,
};
