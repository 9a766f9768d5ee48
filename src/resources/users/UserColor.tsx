import { Box, Button, FormControl, FormHelperText, FormLabel, Stack, Tooltip } from '@mui/material';
import { useInput, useRecordContext, useTranslate } from 'react-admin';

/*
 * A user's colour, the one their classes take in the calendar, is shown as a colour: a swatch in the
 * list and the browser's colour picker on the card. The code (#e91e63) is only the swatch's name, for a
 * tooltip and a screen reader.
 */

const isColor = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

/** The user's colour as a round swatch, named by its code; nothing when there is none. */
export const ColorSwatchField = ({ source }: { source: string; label?: string }) => {
    const translate = useTranslate();
    const color: unknown = useRecordContext()?.[source];
    if (!isColor(color)) return null;
    const name = `${translate('resources.settings/users.fields.color')} ${color}`;
    return (
        <Tooltip title={color} describeChild>
            <Box
                role="img"
                aria-label={name}
                style={{ backgroundColor: color }}
                sx={{ width: 20, height: 20, borderRadius: '50%', border: 1, borderColor: 'divider' }}
            />
        </Tooltip>
    );
};

/** The colour picked with the browser's picker; a user may also have none (the calendar then uses the theme's). */
export const ColorPickerInput = ({ source }: { source: string }) => {
    const translate = useTranslate();
    const { field, fieldState, id } = useInput({ source, parse: value => (value === '' ? null : value) });
    const value: unknown = field.value;
    const label = translate('resources.settings/users.fields.color');
    return (
        <FormControl error={!!fieldState.error} sx={{ mb: 2 }}>
            <FormLabel htmlFor={id} sx={{ mb: 0.5 }}>
                {label}
            </FormLabel>
            <Stack direction="row" spacing={1} alignItems="center">
                <Tooltip title={isColor(value) ? value : translate('app.settings.no_color')} describeChild>
                    <Box
                        component="input"
                        type="color"
                        id={id}
                        name={field.name}
                        value={isColor(value) ? value.toLowerCase() : '#000000'}
                        onChange={event => field.onChange((event.target as HTMLInputElement).value)}
                        onBlur={field.onBlur}
                        sx={{
                            width: 48,
                            height: 36,
                            p: 0,
                            border: 1,
                            borderColor: 'divider',
                            borderRadius: 1,
                            background: 'none',
                            cursor: 'pointer',
                            opacity: isColor(value) ? 1 : 0.4,
                        }}
                    />
                </Tooltip>
                {isColor(value) && (
                    <Button size="small" onClick={() => field.onChange(null)}>
                        {translate('app.settings.no_color')}
                    </Button>
                )}
            </Stack>
            {fieldState.error?.message && (
                <FormHelperText>{translate(fieldState.error.message, { _: fieldState.error.message })}</FormHelperText>
            )}
        </FormControl>
    );
};
