import { Create, SimpleForm } from 'react-admin';
import { useSaved } from '../../app/saved';
import { schemaValidator } from '../../app/forms';
import { eventSchema } from '../../domain/schemas';
import { EventInputs } from './EventInputs';

const validateEvent = schemaValidator(eventSchema);

/** A one-off class (a workshop, a make-up class); a clash comes back from the server on the field. */
export const EventCreate = () => {
    const saved = useSaved('created', 'edit');
    return (
        <Create mutationOptions={saved}>
            <SimpleForm
                noValidate
                validate={validateEvent}
                defaultValues={{ durationMinutes: 60, capacity: 12, status: 'planned', bookable: true }}
            >
                <EventInputs />
            </SimpleForm>
        </Create>
    );
};
