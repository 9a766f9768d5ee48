import { BooleanField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { directionSchema } from '../../domain/schemas';
import { ColorField } from '../common/ColorField';
import { CatalogueEdit } from '../common/EditOrShow';
import { DirectionInputs } from './DirectionInputs';

export const DirectionEdit = () => (
    <CatalogueEdit
        schema={directionSchema}
        inputs={<DirectionInputs />}
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
