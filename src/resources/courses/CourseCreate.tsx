import { Create, SimpleForm } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { courseSchema } from '../../domain/schemas';
import { CourseInputs } from './CourseInputs';

export const CourseCreate = () => (
    <Create redirect="list">
        <SimpleForm
            noValidate
            sx={{ maxWidth: 640 }}
            validate={schemaValidator(courseSchema)}
            defaultValues={{ level: 'open', durationMinutes: 60, active: true }}
        >
            <CourseInputs />
        </SimpleForm>
    </Create>
);
