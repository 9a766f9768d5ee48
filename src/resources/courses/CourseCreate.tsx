import { Create, SimpleForm } from 'react-admin';
import { useSaved } from '../../app/saved';
import { schemaValidator } from '../../app/forms';
import { courseSchema } from '../../domain/schemas';
import { CourseInputs } from './CourseInputs';

export const CourseCreate = () => {
    const saved = useSaved('created', 'list');
    return (
        <Create mutationOptions={saved}>
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
};
