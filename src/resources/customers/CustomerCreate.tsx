import { Create, SimpleForm } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { customerSchema } from '../../domain/schemas';
import { useStatuses } from '../common/statuses';
import { CustomerInputs } from './CustomerInputs';

const validateCustomer = schemaValidator(customerSchema);

/** A new customer starts with the default customer status; saving opens their card. */
export const CustomerCreate = () => {
    const defaultStatus = useStatuses('customer').find(status => status.isDefault)?.code;
    return (
        <Create redirect="edit">
            <SimpleForm validate={validateCustomer} defaultValues={{ status: defaultStatus }} key={defaultStatus}>
                <CustomerInputs />
            </SimpleForm>
        </Create>
    );
};
