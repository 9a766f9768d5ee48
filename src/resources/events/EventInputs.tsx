import { BooleanInput, NumberInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';

/** A one-off class: what, who, where and when on the studio's clock. */
export const EventInputs = () => (
    <>
        <ReferenceInput source="courseId" reference="settings/courses" filter={{ active: true }}>
            <SelectInput optionText="name" />
        </ReferenceInput>
        <TextInput source="title" />
        <ReferenceInput source="teacherId" reference="settings/users" filter={{ role: 'teacher', active: true }}>
            <SelectInput optionText="name" />
        </ReferenceInput>
        <ReferenceInput source="studioId" reference="settings/studios" filter={{ active: true }}>
            <SelectInput optionText="name" />
        </ReferenceInput>
        <TextInput
            source="startsAt"
            type="datetime-local"
            inputProps={{ step: 300 }}
            slotProps={{ inputLabel: { shrink: true } }}
        />
        <NumberInput source="durationMinutes" />
        <NumberInput source="capacity" />
        <BooleanInput source="bookable" helperText="app.bookings.bookable_help" />
        <TextInput source="notes" multiline />
    </>
);
