import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import { personName } from '../../domain/journal';
import type { Customer } from '../../domain/types';
import { CustomerCard } from './CustomerCard';
import { CustomerCreate } from './CustomerCreate';
import { CustomerList } from './CustomerList';

export default {
    list: CustomerList,
    // The seed opens the customer's card at /customers/{id}, react-admin's edit path.
    edit: CustomerCard,
    create: CustomerCreate,
    icon: PeopleOutlined,
    recordRepresentation: (record: Customer) => personName(record),
};
