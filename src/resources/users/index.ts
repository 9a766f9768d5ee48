import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import { lazyComponent } from '../../app/lazy';
import type { User } from '../../domain/types';

export default {
    list: lazyComponent(() => import('./UserList'), 'UserList'),
    create: lazyComponent(() => import('./UserCreate'), 'UserCreate'),
    edit: lazyComponent(() => import('./UserEdit'), 'UserEdit'),
    icon: ManageAccountsOutlined,
    recordRepresentation: (record: User) => record.name,
};
