import { BooleanInput, TextInput } from 'react-admin';
import { ColorInput } from '../common/ColorInput';

export const DirectionInputs = () => (
    <>
        <TextInput source="name" />
        <ColorInput source="color" />
        <TextInput source="description" multiline minRows={2} />
        <BooleanInput source="active" />
    </>
);
