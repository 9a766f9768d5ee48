import { Grid } from '@mui/material';
import { DateInput, SelectInput, TextInput } from 'react-admin';
import { useStatuses } from '../common/statuses';

/** The profile fields, shared by the create form and the card. */
export const CustomerInputs = () => {
    const statuses = useStatuses('customer');
    return (
        <Grid container columnSpacing={2} sx={{ width: '100%' }}>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <TextInput source="firstName" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <TextInput source="lastName" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <TextInput source="phone" type="tel" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <TextInput source="email" type="email" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <DateInput source="birthDate" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <SelectInput source="status" choices={statuses} optionValue="code" optionText="label" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 6 }}>
                <TextInput source="source" fullWidth />
            </Grid>
            <Grid size={12}>
                <TextInput source="notes" multiline minRows={2} fullWidth />
            </Grid>
        </Grid>
    );
};
