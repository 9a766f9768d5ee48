import { Edit, SimpleForm } from 'react-admin';
import { useSaved } from '../../app/saved';
import { schemaValidator } from '../../app/forms';
import { scheduleSchema } from '../../domain/schemas';
import type { Schedule } from '../../domain/types';
import { ClassTitleField } from '../common/ClassTitleField';
import { GenerateEvents } from './GenerateEvents';
import { ScheduleInputs } from './ScheduleInputs';

const validateSchedule = schemaValidator(scheduleSchema);

/** A group at /schedules/{id}: its fields, slots and members, and the generation of its classes. */
export const ScheduleEdit = () => {
    const saved = useSaved('updated', 'list');
    return (
        <Edit<Schedule> title={<ClassTitleField />} mutationMode="pessimistic" mutationOptions={saved}>
            <SimpleForm noValidate validate={validateSchedule}>
                <ScheduleInputs />
            </SimpleForm>
            <GenerateEvents />
        </Edit>
    );
};
