import { BooleanField, NumberField, ReferenceField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { courseSchema } from '../../domain/schemas';
import { CatalogueEdit } from '../common/EditOrShow';
import { TranslatedField } from '../common/TranslatedField';
import { CourseInputs } from './CourseInputs';

export const CourseEdit = () => (
    <CatalogueEdit
        schema={courseSchema}
        inputs={<CourseInputs />}
        show={
            <Show actions={false}>
                <SimpleShowLayout>
                    <TextField source="name" />
                    <ReferenceField source="directionId" reference="settings/directions" link={false} />
                    <TranslatedField source="level" prefix="app.levels" />
                    <NumberField source="durationMinutes" />
                    <TextField source="description" />
                    <BooleanField source="active" />
                </SimpleShowLayout>
            </Show>
        }
    />
);
