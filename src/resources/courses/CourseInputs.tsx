import { BooleanInput, NumberInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { courseLevels } from '../../domain/schemas';
import { translatedChoices } from '../common/TranslatedField';

export const CourseInputs = () => (
    <>
        <TextInput source="name" />
        <ReferenceInput
            source="directionId"
            reference="settings/directions"
            sort={{ field: 'name', order: 'ASC' }}
            perPage={200}
        >
            <SelectInput />
        </ReferenceInput>
        <SelectInput source="level" choices={translatedChoices(courseLevels, 'app.levels')} />
        <NumberInput source="durationMinutes" min={5} max={600} step={5} />
        <TextInput source="description" multiline minRows={2} />
        <BooleanInput source="active" />
    </>
);
