import { BooleanField, Edit, NumberField, Show, SimpleForm, SimpleShowLayout, TextField } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { studioSchema } from '../../domain/schemas';
import { ColorField } from '../common/ColorField';
import { EditOrShow } from '../common/EditOrShow';
import { SettingsFormToolbar } from '../common/SettingsActions';
import { StudioInputs } from './StudioInputs';

export const StudioEdit = () => (
    <EditOrShow
        edit={
            <Edit mutationMode="pessimistic" redirect="list">
                <SimpleForm sx={{ maxWidth: 640 }} validate={schemaValidator(studioSchema)} toolbar={<SettingsFormToolbar />}>
                    <StudioInputs />
                </SimpleForm>
            </Edit>
        }
        show={
            <Show actions={false}>
                <SimpleShowLayout>
                    <TextField source="name" />
                    <TextField source="address" />
                    <NumberField source="capacity" />
                    <ColorField source="color" />
                    <BooleanField source="active" />
                </SimpleShowLayout>
            </Show>
        }
    />
);
