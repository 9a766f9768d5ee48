import { FormControlLabel, FormHelperText, Stack, Switch, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/** What a database made before the setting holds none of: the server's default. */
const usual = '22:00-09:00';

/**
 * Quiet hours, when no notice goes out: on or off, then from and until as two times of day (in steps of
 * five minutes). Stored as the server checks it, 'HH:MM-HH:MM' (the night may run past midnight), or
 * null for none.
 */
export const QuietHoursInput = () => {
    const translate = useTranslate();
    const { field, fieldState } = useInput({ source: 'quietHours', defaultValue: usual });
    const value = typeof field.value === 'string' ? field.value : '';
    const on = value !== '';
    const [from = '', to = ''] = value.split('-');
    const set = (start: string, end: string) => field.onChange(`${start}-${end}`);
    const error = fieldState.error?.message;
    const time = (label: string, shown: string, change: (picked: string) => void) => (
        <TextField
            type="time"
            size="small"
            label={translate(label)}
            value={shown}
            onChange={event => change(event.target.value)}
            onBlur={field.onBlur}
            error={!!error}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300 } }}
            sx={{ flex: 1, minWidth: 140 }}
        />
    );
    return (
        <Stack spacing={1} sx={{ mb: 2 }}>
            <FormControlLabel
                control={
                    <Switch
                        checked={on}
                        onChange={event => field.onChange(event.target.checked ? usual : null)}
                        slotProps={{ input: { role: 'switch' } }}
                    />
                }
                label={translate('resources.configs.fields.quietHours')}
            />
            {on && (
                <Stack direction="row" spacing={2}>
                    {time('app.configs.quiet_hours.from', from, picked => set(picked, to))}
                    {time('app.configs.quiet_hours.to', to, picked => set(from, picked))}
                </Stack>
            )}
            <FormHelperText error={!!error} sx={{ mx: 0 }}>
                {error
                    ? translate(error, { _: error })
                    : translate(on ? 'app.configs.quiet_hours.help' : 'app.configs.quiet_hours.none')}
            </FormHelperText>
        </Stack>
    );
};
