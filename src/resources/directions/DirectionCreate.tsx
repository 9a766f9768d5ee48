import { Create, SimpleForm } from 'react-admin';
import { useSaved } from '../../app/saved';
import { schemaValidator } from '../../app/forms';
import { directionSchema } from '../../domain/schemas';
import { DirectionInputs } from './DirectionInputs';

export const DirectionCreate = () => {
    const saved = useSaved('created', 'list');
    return (
        <Create mutationOptions={saved}>
            <SimpleForm
                noValidate
                sx={{ maxWidth: 640 }}
                validate={schemaValidator(directionSchema)}
                defaultValues={{ color: '#01c0c8', active: true }}
            >
                <DirectionInputs />
            </SimpleForm>
        </Create>
    );
};
