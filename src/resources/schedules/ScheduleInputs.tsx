import { Grid } from '@mui/material';
import {
    ArrayInput,
    AutocompleteArrayInput,
    BooleanInput,
    DateInput,
    NumberInput,
    ReferenceArrayInput,
    ReferenceInput,
    SelectInput,
    SimpleFormIterator,
    TextInput,
    useLocaleState,
} from 'react-admin';
import { personName } from '../../domain/journal';
import { weekdayName } from './SlotsField';

const useWeekdays = () => {
    const [locale] = useLocaleState();
    return [1, 2, 3, 4, 5, 6, 7].map(weekday => ({ id: weekday, name: weekdayName(weekday, locale, 'long') }));
};

/** The weekly slots of a group: a day, a start time on the studio's clock, a duration. */
const SlotsInput = () => (
    <ArrayInput source="slots">
        <SimpleFormIterator inline disableReordering>
            <SelectInput
                source="weekday"
                choices={useWeekdays()}
                translateChoice={false}
                label="resources.schedules.fields.slots.weekday"
            />
            <TextInput
                source="startTime"
                type="time"
                label="resources.schedules.fields.slots.startTime"
                inputProps={{ step: 300 }}
            />
            <NumberInput source="durationMinutes" label="resources.schedules.fields.slots.durationMinutes" />
        </SimpleFormIterator>
    </ArrayInput>
);

/** The fields of a group, shared by its create and edit forms. */
export const ScheduleInputs = () => (
    <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 6 }}>
            <TextInput source="title" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
            <ReferenceInput source="courseId" reference="settings/courses" filter={{ active: true }}>
                <SelectInput optionText="name" />
            </ReferenceInput>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
            <ReferenceInput source="teacherId" reference="settings/users" filter={{ role: 'teacher', active: true }}>
                <SelectInput optionText="name" />
            </ReferenceInput>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
            <ReferenceInput source="studioId" reference="settings/studios" filter={{ active: true }}>
                <SelectInput optionText="name" />
            </ReferenceInput>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
            <DateInput source="startsOn" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
            <DateInput source="endsOn" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
            <NumberInput source="capacity" />
        </Grid>
        <Grid size={12}>
            <SlotsInput />
        </Grid>
        <Grid size={12}>
            <ReferenceArrayInput source="customerIds" reference="customers" perPage={25}>
                <AutocompleteArrayInput
                    optionText={(customer: { firstName: string; lastName: string }) => personName(customer)}
                    filterToQuery={q => ({ q })}
                />
            </ReferenceArrayInput>
        </Grid>
        <Grid size={12}>
            <BooleanInput source="bookable" helperText="app.bookings.bookable_help" />
            <BooleanInput source="active" />
        </Grid>
    </Grid>
);
