import { Create, SimpleForm } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { directionSchema } from '../../domain/schemas';
import { DirectionInputs } from './DirectionInputs';

export const DirectionCreate = () => (
    <Create redirect="list">
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
