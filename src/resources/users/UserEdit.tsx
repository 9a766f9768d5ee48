import { Edit } from 'react-admin';
import { useSaved } from '../../app/saved';
import { schemaValidator } from '../../app/forms';
import { userSchema } from '../../domain/schemas';
import { SettingsFormToolbar } from '../common/SettingsActions';
import { SignInHoldNotice } from './SignInHoldNotice';
import { UserForm } from './UserForm';
import { UserInputs } from './UserInputs';

export const UserEdit = () => {
    const saved = useSaved('updated', 'list');
    return (
        <Edit mutationMode="pessimistic" mutationOptions={saved}>
            <UserForm
                noValidate
                sx={{ maxWidth: 640 }}
                validate={schemaValidator(userSchema)}
                toolbar={<SettingsFormToolbar />}
            >
                <SignInHoldNotice />
                <UserInputs />
            </UserForm>
        </Edit>
    );
};
