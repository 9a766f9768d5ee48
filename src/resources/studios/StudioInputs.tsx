import { BooleanInput, NumberInput, TextInput } from 'react-admin';
import { ColorInput } from '../common/ColorInput';

export const StudioInputs = () => (
    <>
        <TextInput source="name" />
        <TextInput source="address" />
        <NumberInput source="capacity" min={1} step={1} />
        <ColorInput source="color" />
        <BooleanInput source="active" />
    </>
);
