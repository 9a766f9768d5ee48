import {
    Box,
    Button,
    Card,
    CardContent,
    LinearProgress,
    Stack,
    TextField,
    ToggleButton,
    ToggleButtonGroup,
} from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslate } from 'react-admin';
import { intervals, type Interval } from '../../domain/income';
import type { Period } from '../../domain/periods';
import { presets, type Preset } from './periods';

/** The period (a preset or days picked), the chart's interval and the export, with the progress of the figures. */
export const IncomeToolbar = ({
    preset,
    onPreset,
    custom,
    onCustom,
    reversed,
    interval,
    onInterval,
    onExport,
    canExport,
    loading,
}: {
    preset: Preset;
    onPreset: (preset: Preset) => void;
    /** The days picked, shown when the preset is `custom`. */
    custom: Period;
    onCustom: (custom: Period) => void;
    /** The days picked run backwards: the last one is marked. */
    reversed: boolean;
    interval: Interval;
    onInterval: (interval: Interval) => void;
    onExport: () => void;
    canExport: boolean;
    loading: boolean;
}) => {
    const translate = useTranslate();
    return (
        <Card sx={{ mb: 2 }}>
            <CardContent>
                <Stack
                    direction={{ xs: 'column', md: 'row' }}
                    spacing={2}
                    alignItems={{ md: 'center' }}
                    flexWrap="wrap"
                    useFlexGap
                >
                    <ToggleButtonGroup
                        size="small"
                        exclusive
                        value={preset}
                        onChange={(_, value: Preset | null) => value && onPreset(value)}
                        aria-label={translate('app.statistics.period')}
                    >
                        {presets.map(name => (
                            <ToggleButton key={name} value={name}>
                                {translate(`app.statistics.presets.${name}`)}
                            </ToggleButton>
                        ))}
                    </ToggleButtonGroup>
                    {preset === 'custom' && (
                        <Stack direction="row" spacing={1}>
                            <TextField
                                type="date"
                                size="small"
                                label={translate('app.statistics.from')}
                                value={custom.from}
                                onChange={event => onCustom({ ...custom, from: event.target.value })}
                                slotProps={{ inputLabel: { shrink: true } }}
                            />
                            <TextField
                                type="date"
                                size="small"
                                label={translate('app.statistics.to')}
                                value={custom.to}
                                onChange={event => onCustom({ ...custom, to: event.target.value })}
                                slotProps={{ inputLabel: { shrink: true } }}
                                error={reversed}
                            />
                        </Stack>
                    )}
                    <ToggleButtonGroup
                        size="small"
                        exclusive
                        value={interval}
                        onChange={(_, value: Interval | null) => value && onInterval(value)}
                        aria-label={translate('app.statistics.interval')}
                    >
                        {intervals.map(name => (
                            <ToggleButton key={name} value={name}>
                                {translate(`app.statistics.intervals.${name}`)}
                            </ToggleButton>
                        ))}
                    </ToggleButtonGroup>
                    <Box sx={{ flexGrow: 1 }} />
                    <Button startIcon={<DownloadOutlined />} onClick={onExport} disabled={!canExport}>
                        {translate('app.statistics.export')}
                    </Button>
                </Stack>
            </CardContent>
            {loading && <LinearProgress />}
        </Card>
    );
};
