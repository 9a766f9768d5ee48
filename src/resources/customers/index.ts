import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import { lazyComponent } from '../../app/lazy';
import { personName } from '../../domain/journal';
import type { Customer } from '../../domain/types';

export default {
    list: lazyComponent(() => import('./CustomerList'), 'CustomerList'),
    // The seed opens the customer's card at /customers/{id}, react-admin's edit path.
    edit: lazyComponent(() => import('./CustomerCard'), 'CustomerCard'),
    create: lazyComponent(() => import('./CustomerCreate'), 'CustomerCreate'),
    icon: PeopleOutlined,
    recordRepresentation: (record: Customer) => personName(record),
};
