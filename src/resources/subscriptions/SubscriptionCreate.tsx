import { Create, SimpleForm } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { subscriptionSchema } from '../../domain/schemas';
import { SubscriptionInputs } from './SubscriptionInputs';

export const SubscriptionCreate = () => (
    <Create redirect="list">
        <SimpleForm
            noValidate
            sx={{ maxWidth: 640 }}
            validate={schemaValidator(subscriptionSchema)}
            defaultValues={{ visits: 8, validityDays: 30, directionIds: [], freezeDays: 0, trial: false, active: true }}
        >
            <SubscriptionInputs />
        </SimpleForm>
    </Create>
);
