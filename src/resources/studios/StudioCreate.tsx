import { Create, SimpleForm } from 'react-admin';
import { useSaved } from '../../app/saved';
import { schemaValidator } from '../../app/forms';
import { studioSchema } from '../../domain/schemas';
import { StudioInputs } from './StudioInputs';

export const StudioCreate = () => {
    const saved = useSaved('created', 'list');
    return (
        <Create mutationOptions={saved}>
            <SimpleForm
                noValidate
                sx={{ maxWidth: 640 }}
                validate={schemaValidator(studioSchema)}
                defaultValues={{ capacity: 20, active: true }}
            >
                <StudioInputs />
            </SimpleForm>
        </Create>
    );
};
