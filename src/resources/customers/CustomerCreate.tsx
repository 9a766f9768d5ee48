import { useEffect, useState, type MouseEvent } from 'react';
import { Create, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { schemaValidator } from '../../app/forms';
import { customerSchema } from '../../domain/schemas';
import { useStatuses } from '../common/statuses';
import { CustomerInputs, useDuplicateCustomers } from './CustomerInputs';

const validateCustomer = schemaValidator(customerSchema);

/**
 * The default customer status, once the statuses arrive: set into the form rather than starting the
 * form again, so that nothing typed meanwhile is lost.
 */
const useDefaultStatus = () => {
    const defaultStatus = useStatuses('customer').find(status => status.isDefault)?.code;
    const { getValues, setValue } = useFormContext();
    useEffect(() => {
        if (defaultStatus && !getValues('status')) setValue('status', defaultStatus);
    }, [defaultStatus, getValues, setValue]);
};

/**
 * The form of a new customer. When the phone or e-mail already belongs to someone, the warning names
 * them with links, and the first click on Save only confirms it was read: "Save anyway" then saves.
 */
const NewCustomerForm = () => {
    const duplicates = useDuplicateCustomers();
    useDefaultStatus();
    // The duplicates the person has seen and chose to ignore: other ones need another look.
    const [acceptedKey, setAcceptedKey] = useState('');
    const accepted = duplicates.key !== '' && acceptedKey === duplicates.key;
    const holdBack = (event: MouseEvent<HTMLButtonElement>) => {
        if (!duplicates.key || accepted) return;
        event.preventDefault();
        setAcceptedKey(duplicates.key);
    };
    return (
        <>
            <CustomerInputs duplicates={duplicates} />
            <Toolbar sx={{ mx: -2, mb: -2, mt: 2 }}>
                <SaveButton onClick={holdBack} label={accepted ? 'app.customers.save_anyway' : 'ra.action.save'} />
            </Toolbar>
        </>
    );
};

/** A new customer starts with the default customer status; saving opens their card. */
export const CustomerCreate = () => (
    <Create redirect="edit">
        <SimpleForm noValidate validate={validateCustomer} toolbar={false}>
            <NewCustomerForm />
        </SimpleForm>
    </Create>
);
