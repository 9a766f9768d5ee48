import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImportDryRun } from '../../app/dataProvider';

/** "To create 3", one chip each; errors in red when there are any. */
export const ImportCounts = ({ preview }: { preview: ImportDryRun }) => {
    const translate = useTranslate();
    const counts = [
        ['create', preview.rows.create],
        ['update', preview.rows.update],
        ['skip', preview.rows.skip],
        ['passes', preview.passes],
        ['errors', preview.errors.length],
    ] as const;
    return (
        <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1} data-testid="import-counts">
            {counts.map(([key, count]) => (
                <Chip
                    key={key}
                    data-testid={`import-count-${key}`}
                    variant="outlined"
                    color={
                        key === 'errors' && count > 0 ? 'error' : key === 'create' && count > 0 ? 'success' : 'default'
                    }
                    label={`${translate(`app.import.counts.${key}`)} ${count}`}
                />
            ))}
        </Stack>
    );
};
