import { Alert, Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Import } from '../../domain/types';

/** What the import did, with the way to its history (where it is undone). */
export const ImportDone = ({ done, onAnother }: { done: Import; onAnother: () => void }) => {
    const translate = useTranslate();
    return (
        <Alert
            severity="success"
            data-testid="import-done"
            action={
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                    <Button color="inherit" size="small" component={Link} to="/imports">
                        {translate('app.import.open_history')}
                    </Button>
                    <Button color="inherit" size="small" onClick={onAnother}>
                        {translate('app.import.choose_other')}
                    </Button>
                </Stack>
            }
        >
            {translate('app.import.done', { file: done.fileName, ...done.counts })}
        </Alert>
    );
};
