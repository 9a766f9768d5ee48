import { Create, SimpleForm } from 'react-admin';
import { useSaved } from '../../app/saved';
import { schemaValidator } from '../../app/forms';
import { scheduleSchema } from '../../domain/schemas';
import { ScheduleInputs } from './ScheduleInputs';

const validateSchedule = schemaValidator(scheduleSchema);

/** A new group; saving opens it, where its classes are generated. */
export const ScheduleCreate = () => {
    const saved = useSaved('created', 'edit');
    return (
        <Create mutationOptions={saved}>
            <SimpleForm
                noValidate
                validate={validateSchedule}
                defaultValues={{
                    active: true,
                    bookable: true,
                    customerIds: [],
                    slots: [{ weekday: 1, startTime: '19:00', durationMinutes: 60 }],
                    capacity: 12,
                }}
            >
                <ScheduleInputs />
            </SimpleForm>
        </Create>
    );
};
