import { BooleanField, NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { studioSchema } from '../../domain/schemas';
import { ColorField } from '../common/ColorField';
import { CatalogueEdit } from '../common/EditOrShow';
import { StudioInputs } from './StudioInputs';

export const StudioEdit = () => (
    <CatalogueEdit
        schema={studioSchema}
        inputs={<StudioInputs />}
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
