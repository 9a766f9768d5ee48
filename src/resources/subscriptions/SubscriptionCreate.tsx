import { Create, SimpleForm } from 'react-admin';
import { useSaved } from '../../app/saved';
import { schemaValidator } from '../../app/forms';
import { subscriptionSchema } from '../../domain/schemas';
import { SubscriptionInputs } from './SubscriptionInputs';

export const SubscriptionCreate = () => {
    const saved = useSaved('created', 'list');
    return (
        <Create mutationOptions={saved}>
            <SimpleForm
                noValidate
                sx={{ maxWidth: 640 }}
                validate={schemaValidator(subscriptionSchema)}
                defaultValues={{
                    visits: 8,
                    validityDays: 30,
                    directionIds: [],
                    freezeDays: 0,
                    trial: false,
                    soldOnline: false,
                    lateCancelPenalty: { kind: 'none', amount: null },
                    noShowPenalty: { kind: 'none', amount: null },
                    makeUps: false,
                    active: true,
                }}
            >
                <SubscriptionInputs />
            </SimpleForm>
        </Create>
    );
};
