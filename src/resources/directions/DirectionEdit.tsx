import { BooleanField, Edit, Show, SimpleForm, SimpleShowLayout, TextField } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { directionSchema } from '../../domain/schemas';
import { ColorField } from '../common/ColorField';
import { EditOrShow } from '../common/EditOrShow';
import { SettingsFormToolbar } from '../common/SettingsActions';
import { DirectionInputs } from './DirectionInputs';

export const DirectionEdit = () => (
    <EditOrShow
        edit={
            <Edit mutationMode="pessimistic" redirect="list">
                <SimpleForm sx={{ maxWidth: 640 }} validate={schemaValidator(directionSchema)} toolbar={<SettingsFormToolbar />}>
                    <DirectionInputs />
                </SimpleForm>
            </Edit>
        }
        show={
            <Show actions={false}>
                <SimpleShowLayout>
                    <TextField source="name" />
                    <ColorField source="color" />
                    <TextField source="description" />
                    <BooleanField source="active" />
                </SimpleShowLayout>
            </Show>
        }
    />
);
