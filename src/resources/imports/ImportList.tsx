import UndoOutlined from '@mui/icons-material/UndoOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
    Confirm,
    CreateButton,
    DataTable,
    List,
    TextField,
    TopToolbar,
    useCanAccess,
    useDataProvider,
    useLocaleState,
    useNotify,
    useRecordContext,
    useTranslate,
    type TranslateFunction,
} from 'react-admin';
import type { StudioDataProvider } from '../../app/dataProvider';
import { formatDateTime } from '../../app/i18n/dates';
import { useStudioTimezone } from '../../app/studio';
import type { Import } from '../../domain/types';
import { refusalMessage } from '../common/conflicts';
import { DateTimeField } from '../common/dates';
import { Empty, scrollableTable } from '../customers/Section';

/*
 * /imports: the customer imports, newest first, each with what it did and who did it; one not undone
 * yet is undone from here, unless one of its records was used or changed since (the reason names it).
 */

interface HttpErrorLike {
    status?: number;
    body?: { errors?: Record<string, string>; name?: string };
}

/** Why an import cannot be undone, naming the record in the way; any other refusal as the app words it. */
const undoRefusal = (translate: TranslateFunction, error: unknown): string => {
    const { status, body } = (error ?? {}) as HttpErrorLike;
    const key = body?.errors?.id;
    if (status === 409 && key) return translate(key, { _: key, name: body?.name ?? '' });
    return refusalMessage(translate, error);
};

/** "3 created · 1 updated · 0 unchanged · 2 errors · 2 passes". */
const CountsField = (_: { label?: string }) => {
    const record = useRecordContext<Import>();
    const translate = useTranslate();
    if (!record) return null;
    return <span>{translate('app.import.summary', { ...record.counts })}</span>;
};

/** Applied, or when it was undone. */
const StateField = (_: { label?: string }) => {
    const record = useRecordContext<Import>();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    if (!record) return null;
    return record.undoneAt ? (
        <Chip
            size="small"
            variant="outlined"
            label={translate('app.import.undone_at', { date: formatDateTime(record.undoneAt, locale, timeZone) })}
        />
    ) : (
        <Chip size="small" variant="outlined" color="success" label={translate('app.import.applied')} />
    );
};

/** Undoes an import not undone yet, after asking; a refusal says which record is in the way. */
const UndoButton = (_: { label?: string }) => {
    const record = useRecordContext<Import>();
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const { canAccess } = useCanAccess({ resource: 'imports', action: 'create' });
    const [confirming, setConfirming] = useState(false);
    const undo = useMutation({
        mutationFn: (id: Import['id']) => dataProvider.undoImport({ id }),
        onSuccess: () => notify('app.import.undone', { type: 'info' }),
        onError: error => notify(undoRefusal(translate, error), { type: 'error', autoHideDuration: 10_000 }),
        onSettled: () =>
            Promise.all(
                ['imports', 'customers', 'passes'].map(key => queryClient.invalidateQueries({ queryKey: [key] })),
            ),
    });
    if (!record || record.undoneAt || !canAccess) return null;
    return (
        <>
            <Button
                size="small"
                color="warning"
                startIcon={<UndoOutlined />}
                disabled={undo.isPending}
                onClick={event => {
                    event.stopPropagation();
                    setConfirming(true);
                }}
            >
                {translate('app.import.undo')}
            </Button>
            <Confirm
                isOpen={confirming}
                loading={undo.isPending}
                title="app.import.undo_title"
                content="app.import.undo_content"
                translateOptions={{ file: record.fileName }}
                confirm="app.import.undo"
                confirmColor="warning"
                onConfirm={() => undo.mutate(record.id, { onSettled: () => setConfirming(false) })}
                onClose={() => setConfirming(false)}
            />
        </>
    );
};

const Actions = () => (
    <TopToolbar>
        <CreateButton label="app.import.title" icon={<UploadFileOutlined />} />
    </TopToolbar>
);

/** On a phone the columns would run off the screen: what and when in one cell, the state and its button in another. */
const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** The import's file, who made it and what it did, under its date: the phone's one column for them. */
const ImportSummary = (_: { label?: string }) => (
    <Stack spacing={0.25}>
        <DateTimeField source="createdAt" />
        <TextField source="fileName" sx={{ overflowWrap: 'anywhere' }} />
        <TextField source="createdByName" variant="caption" color="text.secondary" />
        <Typography variant="caption" color="text.secondary" component="div">
            <CountsField />
        </Typography>
    </Stack>
);

export const ImportList = () => {
    const phone = usePhone();
    return (
        <List<Import>
            title="app.import.history"
            sort={{ field: 'createdAt', order: 'DESC' }}
            actions={<Actions />}
            exporter={false}
            empty={false}
        >
            <DataTable<Import>
                bulkActionButtons={false}
                rowClick={false}
                sx={scrollableTable}
                empty={
                    <Box sx={{ px: 2 }}>
                        <Empty text="app.import.none_yet" />
                    </Box>
                }
            >
                {phone ? (
                    <DataTable.Col source="createdAt">
                        <ImportSummary />
                    </DataTable.Col>
                ) : (
                    <DataTable.Col source="createdAt" sx={{ whiteSpace: 'nowrap' }}>
                        <DateTimeField source="createdAt" />
                    </DataTable.Col>
                )}
                {!phone && (
                    <DataTable.Col
                        source="fileName"
                        field={TextField}
                        sx={{ overflowWrap: 'anywhere', minWidth: 120 }}
                    />
                )}
                {!phone && <DataTable.Col source="createdByName" field={TextField} />}
                {!phone && (
                    <DataTable.Col source="counts" disableSort sx={{ minWidth: 200 }}>
                        <CountsField />
                    </DataTable.Col>
                )}
                <DataTable.Col source="undoneAt" label="app.import.state">
                    <Stack alignItems="flex-start" spacing={0.5}>
                        <StateField />
                        {phone && <UndoButton />}
                    </Stack>
                </DataTable.Col>
                {!phone && (
                    <DataTable.Col label=" " disableSort>
                        <UndoButton />
                    </DataTable.Col>
                )}
            </DataTable>
        </List>
    );
};
