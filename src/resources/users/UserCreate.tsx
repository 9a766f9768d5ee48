import { Create } from 'react-admin';
import { useSaved } from '../../app/saved';
import { schemaValidator } from '../../app/forms';
import { payRate } from '../../domain/pay';
import { userCreateSchema } from '../../domain/schemas';
import { UserForm } from './UserForm';
import { UserInputs } from './UserInputs';

export const UserCreate = () => {
    const saved = useSaved('created', 'list');
    return (
        <Create mutationOptions={saved}>
            <UserForm
                noValidate
                sx={{ maxWidth: 640 }}
                validate={schemaValidator(userCreateSchema)}
                defaultValues={{ role: 'teacher', active: true, pay: [payRate({ kind: 'none', amount: 0 })] }}
            >
                <UserInputs creating />
            </UserForm>
        </Create>
    );
};
