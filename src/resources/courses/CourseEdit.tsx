import { BooleanField, Edit, NumberField, ReferenceField, Show, SimpleForm, SimpleShowLayout, TextField } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { courseSchema } from '../../domain/schemas';
import { EditOrShow } from '../common/EditOrShow';
import { SettingsFormToolbar } from '../common/SettingsActions';
import { TranslatedField } from '../common/TranslatedField';
import { CourseInputs } from './CourseInputs';

export const CourseEdit = () => (
    <EditOrShow
        edit={
            <Edit mutationMode="pessimistic" redirect="list">
                <SimpleForm sx={{ maxWidth: 640 }} validate={schemaValidator(courseSchema)} toolbar={<SettingsFormToolbar />}>
                    <CourseInputs />
                </SimpleForm>
            </Edit>
        }
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
