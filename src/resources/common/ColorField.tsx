import { Box, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** A #rrggbb value with its swatch. */
export const ColorField = ({ source }: { source: string; label?: string }) => {
    const color = useRecordContext()?.[source] as string | undefined;
    if (!color) return null;
    return (
        <Stack direction="row" spacing={1} alignItems="center">
            <Box
                sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: color, border: 1, borderColor: 'divider' }}
            />
            <span>{color}</span>
        </Stack>
    );
};
