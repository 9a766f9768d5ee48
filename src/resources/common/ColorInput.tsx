import { InputAdornment } from '@mui/material';
import { TextInput, useTranslate, type TextInputProps } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

const isColor = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

/** The browser's colour picker, writing into the text field beside it. */
const Swatch = ({ source }: { source: string }) => {
    const translate = useTranslate();
    const value: unknown = useWatch({ name: source });
    const { setValue } = useFormContext();
    return (
        <input
            type="color"
            aria-label={translate('app.settings.pick_color')}
            value={isColor(value) ? value.toLowerCase() : '#000000'}
            onChange={event =>
                setValue(source, event.target.value, { shouldDirty: true, shouldValidate: true, shouldTouch: true })
            }
            style={{ width: 28, height: 28, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
        />
    );
};

/** A #rrggbb colour: typed, pasted or picked. */
export const ColorInput = (props: TextInputProps) => (
    <TextInput
        placeholder="#rrggbb"
        {...props}
        InputProps={{
            startAdornment: (
                <InputAdornment position="start">
                    <Swatch source={props.source} />
                </InputAdornment>
            ),
        }}
    />
);
