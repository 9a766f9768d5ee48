import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Two studio-local dates, both included. */
export const PeriodPicker = ({
    from,
    to,
    onChange,
}: {
    from: string;
    to: string;
    onChange: (period: { from: string; to: string }) => void;
}) => {
    const translate = useTranslate();
    return (
        <Stack
            direction="row"
            useFlexGap
            spacing={2}
            className="no-print"
            sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' } }}
        >
            <TextField
                type="date"
                size="small"
                label={translate('app.filters.from')}
                value={from}
                onChange={event => onChange({ from: event.target.value, to })}
                slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
                type="date"
                size="small"
                label={translate('app.filters.to')}
                value={to}
                onChange={event => onChange({ from, to: event.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
            />
        </Stack>
    );
};
