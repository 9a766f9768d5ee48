import { Edit, SimpleForm } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { subscriptionSchema } from '../../domain/schemas';
import { EditOrShow } from '../common/EditOrShow';
import { SettingsFormToolbar } from '../common/SettingsActions';
import { SubscriptionInputs } from './SubscriptionInputs';
import { SubscriptionShow } from './SubscriptionShow';

export const SubscriptionEdit = () => (
    <EditOrShow
        edit={
            <Edit mutationMode="pessimistic" redirect="list">
                <SimpleForm sx={{ maxWidth: 640 }} validate={schemaValidator(subscriptionSchema)} toolbar={<SettingsFormToolbar />}>
                    <SubscriptionInputs />
                </SimpleForm>
            </Edit>
        }
        show={<SubscriptionShow />}
    />
);
